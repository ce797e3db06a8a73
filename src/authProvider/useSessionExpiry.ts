import { useEffect, useRef, useState } from 'react';
import { TOKEN_EXPIRY_BUFFER_MS } from '@/config';
import { usePortalAuth } from './PortalAuthContext';

export const SESSION_WARNING_LEAD_MS = 10 * 60_000;
export const SESSION_CHECK_INTERVAL_MS = 15_000;
/** The identity provider may be back. */
const RENEW_RETRY_MS = 60_000;

/** spec 5 */
export const sessionEndsAt = (expiresAt: number): number => expiresAt - TOKEN_EXPIRY_BUFFER_MS;

/**
 * The ms left while the token cannot be renewed (docs/security.md, the expiry warning). Renewing
 * early makes a failing refresh known while the token still works.
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
      void portalAuth.refreshToken().catch(() => undefined);
    };
    check();
    const timer = setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [portalAuth, expiresAt]);

  if (!state.refreshFailed || expiresAt === null) return null;
  return Math.max(sessionEndsAt(expiresAt) - now, 0);
};
