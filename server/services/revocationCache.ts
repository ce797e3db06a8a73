import { LRUCache } from 'lru-cache';

export const REVOCATION_CHECK_INTERVAL_MS = 60_000;

export interface RevocationCheckOptions {
  /** 0 asks the provider on every request. */
  intervalMs?: number;
  now?: () => number;
  maxEntries?: number;
}

/** Revocations the portal makes are checked on every request (principal.ts): this delays only changes made elsewhere. */
export const createRevocationCache = ({
  intervalMs = REVOCATION_CHECK_INTERVAL_MS,
  now = Date.now,
  maxEntries = 50_000,
}: RevocationCheckOptions = {}) => {
  // lru-cache reads 0 as "no limit".
  const remembers = intervalMs > 0 && maxEntries > 0;
  // Reads leave the order alone, so the oldest check goes first; ttlResolution 0 reads the clock on every call.
  const checked = new LRUCache<string, true>({
    max: Math.max(1, maxEntries),
    ttl: remembers ? intervalMs : 0,
    ttlResolution: 0,
    perf: { now },
  });
  return {
    isFresh: (uid: string): boolean =>
      // Not has(): lru-cache counts an entry stale only once its age exceeds the ttl.
      checked.getRemainingTTL(uid) > 0,
    markChecked: (uid: string): void => {
      if (remembers) checked.set(uid, true);
    },
    forget: (uid: string): void => {
      checked.delete(uid);
    },
  };
};

export type RevocationCache = ReturnType<typeof createRevocationCache>;
