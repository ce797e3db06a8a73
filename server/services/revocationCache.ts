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
  // Insertion order is check order (an entry is deleted before it is set again), so the
  // oldest entries are first and pruning stops at the first fresh one.
  const checkedAt = new Map<string, number>();
  const prune = (at: number) => {
    for (const [uid, time] of checkedAt) {
      if (at - time < intervalMs && checkedAt.size <= maxEntries) break;
      checkedAt.delete(uid);
    }
  };
  return {
    /** true: the provider passed this uid less than an interval ago. */
    isFresh: (uid: string): boolean => {
      const time = checkedAt.get(uid);
      return time !== undefined && now() - time < intervalMs;
    },
    markChecked: (uid: string): void => {
      const at = now();
      checkedAt.delete(uid);
      checkedAt.set(uid, at);
      prune(at);
    },
    /** The next request of this uid asks the provider again (its account was just changed). */
    forget: (uid: string): void => {
      checkedAt.delete(uid);
    },
    get size() {
      return checkedAt.size;
    },
  };
};

export type RevocationCache = ReturnType<typeof createRevocationCache>;
