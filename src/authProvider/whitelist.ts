/** spec 6: only accounts whose uid is on the whitelist may use the portal. */
export const isWhitelisted = (uid: string | null | undefined, allowedUids: readonly string[]): boolean =>
  typeof uid === 'string' && uid.length > 0 && allowedUids.includes(uid);
