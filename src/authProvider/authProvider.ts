import type { AuthProvider } from 'react-admin';
import { errorCodeOf, statusOf } from '@/contract/failedCall';
import type { PortalAuth } from './types';

const toLogin = { redirectTo: '/login', message: false } as const;

/**
 * react-admin's AuthProvider over the portal's identity layer.
 *
 * | react-admin call | behaviour |
 * |---|---|
 * | login({ username \| email, password }) | portalAuth.signIn (non-whitelisted: signed out, AccessDeniedError) |
 * | logout() | portalAuth.signOut (stored token cleared even if the provider fails) |
 * | checkAuth() | resolves for a whitelisted user with a valid (or refreshable) token, else rejects { redirectTo: '/login' } |
 * | checkError(error) | 401 AUTHENTICATION_FAILED rejects (logout; /login says the session expired); a 401 NOT_AUTHENTICATED the http client hands through, 403 NOT_ADMIN, 503 and others resolve: the screen words them (spec 8) |
 * | getIdentity() | { id: uid, fullName: email } |
 */
export const firebaseAuthProvider = (portalAuth: PortalAuth): AuthProvider => ({
  login: async ({ username, email, password }: { username?: string; email?: string; password: string }) => {
    await portalAuth.signIn(email ?? username ?? '', password);
  },
  logout: async () => {
    await portalAuth.signOut().catch(() => undefined);
  },
  checkAuth: async () => {
    const user = await portalAuth.ready();
    if (!user || !portalAuth.isWhitelisted(user.uid)) throw toLogin;
    if (!(await portalAuth.getValidToken())) throw toLogin;
  },
  // The http client has already tried one refresh before a 401 reaches react-admin.
  checkError: async (error: unknown) => {
    if (statusOf(error) === 401 && errorCodeOf(error) !== 'NOT_AUTHENTICATED')
      throw { redirectTo: '/login', message: 'app.auth.sessionExpired' };
  },
  getIdentity: async () => {
    const user = await portalAuth.ready();
    if (!user) throw new Error('Not signed in');
    return { id: user.uid, fullName: user.email ?? undefined };
  },
  getPermissions: async () => undefined,
});
