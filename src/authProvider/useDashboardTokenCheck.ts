import { useEffect } from 'react';
import { DASHBOARD_TOKEN_CHECK_INTERVAL_MS } from '@/config';
import { usePortalAuth } from './PortalAuthContext';

/** spec 2: every 5 minutes, refresh the stored token if it has expired. */
export const useDashboardTokenCheck = (): void => {
  const portalAuth = usePortalAuth();
  useEffect(() => {
    const timer = setInterval(() => {
      void portalAuth.getValidToken().catch(() => null);
    }, DASHBOARD_TOKEN_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [portalAuth]);
};
