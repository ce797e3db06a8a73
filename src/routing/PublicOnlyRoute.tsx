import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from './FullPageSpinner';
import { usePortalAuth, useAuthUser } from '@/authProvider/PortalAuthContext';
import { loginReturnPath } from '@/authProvider/sessionEnd';

/** spec 2: anyone not whitelisted stays on the page, so there is no loop with ProtectedRoute. */
export const PublicOnlyRoute = ({ children }: { children?: ReactNode }) => {
  const portalAuth = usePortalAuth();
  const { user, loading } = useAuthUser();
  const { state } = useLocation();
  if (loading) return <FullPageSpinner />;
  if (user && portalAuth.isWhitelisted(user.uid)) return <Navigate to={loginReturnPath(state, '/dashboard', user.uid)} replace />;
  return <>{children ?? <Outlet />}</>;
};
