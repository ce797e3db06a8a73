import { useEffect, useRef, useState } from 'react';
import { TOKEN_EXPIRY_BUFFER_MS } from '@/config';
import { usePortalAuth } from './PortalAuthContext';

/** How long before the session ends the portal renews the token early, and warns when it cannot. */
export const SESSION_WARNING_LEAD_MS = 10 * 60_000;
/** How often the countdown moves. */
export const SESSION_CHECK_INTERVAL_MS = 15_000;
/** How often a renewal that failed is tried again (the identity provider may be back). */
const RENEW_RETRY_MS = 60_000;

/** spec 5: the token counts as expired from 300 000 ms before its expiry, and the session ends then. */
export const sessionEndsAt = (expiresAt: number): number => expiresAt - TOKEN_EXPIRY_BUFFER_MS;

/**
 * The expiry warning's countdown (docs/security.md): the ms left before the session ends while
 * the token cannot be renewed (0 once it has ended), else null. In the last
 * SESSION_WARNING_LEAD_MS it renews the token early, so a refresh that fails (identity provider
 * unreachable, refresh token revoked, account disabled) is known while the token still works.
 * Once the session has ended, ProtectedRoute's 60 s check signs out to /login as before.
 */
export const useSessionExpiry = (): number | null => {
  const portalAuth = usePortalAuth();
  const [state, setState] = useState(() => portalAuth.sessionState());
  const [now, setNow] = useState(Date.now);
  const lastRenewal = useRef(0);

  useEffect(() => {
    const follow = (next: typeof state) => {
      setState(next);
      setNow(Date.now());
    };
    follow(portalAuth.sessionState());
    return portalAuth.onSessionState(follow);
  }, [portalAuth]);

  const { expiresAt } = state;
  useEffect(() => {
    const check = () => {
      const at = Date.now();
      setNow(at);
      if (expiresAt === null) return;
      const endsAt = sessionEndsAt(expiresAt);
      if (at < endsAt - SESSION_WARNING_LEAD_MS || at >= endsAt || at - lastRenewal.current < RENEW_RETRY_MS) return;
      lastRenewal.current = at;
      // a failure is recorded in the session state, which this hook follows
      void portalAuth.refreshToken().catch(() => undefined);
    };
    check();
    const timer = setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [portalAuth, expiresAt]);

  if (!state.refreshFailed || expiresAt === null) return null;
  return Math.max(sessionEndsAt(expiresAt) - now, 0);
};
