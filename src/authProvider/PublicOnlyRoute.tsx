import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from './FullPageSpinner';
import { usePortalAuth, useAuthUser } from './PortalAuthContext';

/**
 * spec 2: /login and /signup are public only. A signed-in whitelisted user goes to
 * /dashboard; anyone else (including a non-whitelisted account) stays, so there is no loop
 * with ProtectedRoute.
 */
export const PublicOnlyRoute = ({ children }: { children?: ReactNode }) => {
  const portalAuth = usePortalAuth();
  const { user, loading } = useAuthUser();
  if (loading) return <FullPageSpinner />;
  if (user && portalAuth.isWhitelisted(user.uid)) return <Navigate to="/dashboard" replace />;
  return <>{children ?? <Outlet />}</>;
};
