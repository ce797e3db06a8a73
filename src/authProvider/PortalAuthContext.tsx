import { createContext, useContext, useEffect, useState } from 'react';
import type { AuthUser, PortalAuth } from './types';

export const PortalAuthContext = createContext<PortalAuth | null>(null);

export const usePortalAuth = (): PortalAuth => {
  const portalAuth = useContext(PortalAuthContext);
  if (!portalAuth) throw new Error('usePortalAuth must be used inside <PortalAuthContext>');
  return portalAuth;
};

export interface AuthUserState {
  user: AuthUser | null;
  loading: boolean;
}

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
