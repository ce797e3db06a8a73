import type { AuthProvider } from 'react-admin';
import { errorCodeOf, statusOf } from '@/contract/failedCall';
import type { PortalAuth } from './types';

const toLogin = { redirectTo: '/login', message: false } as const;

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
  // The http client already tried a refresh; other refusals (403, 503, a passed-through 401) the screen words (spec 8).
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
