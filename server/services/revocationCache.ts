import { LRUCache } from 'lru-cache';

/** How long a uid's last answer from the identity provider's revocation check stands. */
export const REVOCATION_CHECK_INTERVAL_MS = 60_000;

export interface RevocationCheckOptions {
  /** Default REVOCATION_CHECK_INTERVAL_MS; 0 asks the provider on every request. */
  intervalMs?: number;
  /** The clock, in milliseconds (tests inject one). Default Date.now. */
  now?: () => number;
  /** Uids remembered at most; the oldest checks are forgotten first. Default 50 000. */
  maxEntries?: number;
}

/**
 * When each uid last passed the identity provider's revocation check, so the auth hook asks
 * the provider at most once per interval per uid. Revocations the portal makes are recorded
 * in the database and checked on every request (services/principal.ts), so this only delays
 * seeing changes made elsewhere (the Firebase console, another tool) by up to one interval,
 * on every server alike. A uid whose check fails is never remembered.
 */
export const createRevocationCache = ({
  intervalMs = REVOCATION_CHECK_INTERVAL_MS,
  now = Date.now,
  maxEntries = 50_000,
}: RevocationCheckOptions = {}) => {
  // A zero interval or size remembers nothing (lru-cache reads 0 as "no limit").
  const remembers = intervalMs > 0 && maxEntries > 0;
  // Reads leave the order alone (getRemainingTTL, never get), so the oldest check is the first
  // pushed out. ttlResolution 0: the clock is read on every call, never a copy of an earlier one.
  const checked = new LRUCache<string, true>({
    max: Math.max(1, maxEntries),
    ttl: remembers ? intervalMs : 0,
    ttlResolution: 0,
    perf: { now },
  });
  return {
    /** true: the provider passed this uid less than an interval ago. */
    isFresh: (uid: string): boolean =>
      // Not has(): lru-cache counts an entry stale once its age exceeds the ttl, and a check expires when its age reaches it.
      checked.getRemainingTTL(uid) > 0,
    markChecked: (uid: string): void => {
      if (remembers) checked.set(uid, true);
    },
    /** The next request of this uid asks the provider again (its account was just changed). */
    forget: (uid: string): void => {
      checked.delete(uid);
    },
  };
};

export type RevocationCache = ReturnType<typeof createRevocationCache>;
