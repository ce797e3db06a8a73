import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { TOKEN_VALIDATION_INTERVAL_MS } from '@/config';
import { FullPageSpinner } from './FullPageSpinner';
import { usePortalAuth, useAuthUser } from '@/authProvider/PortalAuthContext';
import { ACCESS_DENIED_STATE, clearLoginNotice, type LoginRouteState, noteSessionEnded } from '@/authProvider/sessionEnd';

type Verdict = { uid: string; valid: boolean };

/** spec 4's protected-route flow; the token is checked on every auth change and every 60 s, and /login told where to return. */
export const ProtectedRoute = ({ children }: { children?: ReactNode }) => {
  const portalAuth = usePortalAuth();
  const { user, loading } = useAuthUser();
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  // Remembered so the redirect keeps its alert once the sign-out has cleared the user.
  const [deniedUid, setDeniedUid] = useState<string | null>(null);
  const uid = user?.uid ?? null;
  const whitelisted = uid !== null && portalAuth.isWhitelisted(uid);
  const location = useLocation();
  const backHere: LoginRouteState = { from: `${location.pathname}${location.search}${location.hash}` };

  useEffect(() => {
    if (uid === null) return;
    const signOut = () => void portalAuth.signOut().catch(() => undefined);
    if (!whitelisted) {
      setDeniedUid(uid);
      signOut();
      return;
    }
    let active = true;
    const validate = () =>
      portalAuth.getValidToken().then((token) => {
        if (!active) return;
        setVerdict({ uid, valid: token !== null });
        if (!token) {
          noteSessionEnded('refreshFailed', uid);
          signOut();
        } else {
          clearLoginNotice();
        }
      });
    void validate();
    const timer = setInterval(validate, TOKEN_VALIDATION_INTERVAL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [portalAuth, uid, whitelisted]);

  if (loading) return <FullPageSpinner />;
  if (deniedUid !== null && (uid === null || uid === deniedUid)) {
    return <Navigate to="/login" replace state={ACCESS_DENIED_STATE} />;
  }
  if (uid === null) return <Navigate to="/login" replace state={backHere} />;
  if (!whitelisted) return <Navigate to="/login" replace state={ACCESS_DENIED_STATE} />;
  if (verdict?.uid !== uid) return <FullPageSpinner />;
  if (!verdict.valid) return <Navigate to="/login" replace state={backHere} />;
  return <>{children ?? <Outlet />}</>;
};
