import { createContext, useContext, useEffect, useState } from 'react';
import type { AuthUser, PortalAuth } from './types';

/** The one PortalAuth instance, provided at the top of the app: `<PortalAuthContext value={portalAuth}>`. */
export const PortalAuthContext = createContext<PortalAuth | null>(null);

export const usePortalAuth = (): PortalAuth => {
  const portalAuth = useContext(PortalAuthContext);
  if (!portalAuth) throw new Error('usePortalAuth must be used inside <PortalAuthContext>');
  return portalAuth;
};

export interface AuthUserState {
  user: AuthUser | null;
  /** true until the identity provider knows whether someone is signed in */
  loading: boolean;
}

/** The signed-in user, kept current through PortalAuth.onChange. */
export const useAuthUser = (): AuthUserState => {
  const portalAuth = usePortalAuth();
  const [state, setState] = useState<AuthUserState>({ user: null, loading: true });

  useEffect(() => {
    let active = true;
    const settle = (user: AuthUser | null) => {
      if (active) setState({ user, loading: false });
    };
    const unsubscribe = portalAuth.onChange(settle);
    portalAuth.ready().then(settle, () => settle(null));
    return () => {
      active = false;
      unsubscribe();
    };
  }, [portalAuth]);

  return state;
};
