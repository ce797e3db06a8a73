import { useEffect } from 'react';
import { DASHBOARD_TOKEN_CHECK_INTERVAL_MS } from '@/config';
import { usePortalAuth } from './PortalAuthContext';

/**
 * spec 2 (dashboard): every 5 minutes, check whether the stored token has expired and
 * refresh it if so. getValidToken does exactly that and leaves a valid token alone.
 */
export const useDashboardTokenCheck = (): void => {
  const portalAuth = usePortalAuth();
  useEffect(() => {
    const timer = setInterval(() => {
      void portalAuth.getValidToken().catch(() => null);
    }, DASHBOARD_TOKEN_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [portalAuth]);
};
