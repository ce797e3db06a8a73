import type { PortalAuth } from './types';

/** spec 6: router state the sign-in page reads after an access-denied redirect, as i18n keys. */
export interface LoginRouteState {
  alert?: string;
  error?: string;
  from?: string;
}

export const ACCESS_DENIED_STATE: LoginRouteState = { alert: 'app.auth.noPermission', error: 'app.auth.accessDenied' };

/** Kept in sessionStorage: the way out of an expired session may reload the page (spec 8's messages, as i18n keys). */
export interface LoginNotice {
  error?: string;
  alert?: string;
  from?: string;
  /** Only that admin is taken back to `from`. */
  uid?: string;
}

const NOTICE_KEY = 'portal.loginNotice';
export const SESSION_EXPIRED_KEY = 'app.auth.sessionExpired';
const REFRESH_FAILED_NOTICE_KEY = 'app.auth.refreshFailed';

const sessionStore = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

export const readLoginNotice = (): LoginNotice => {
  try {
    const parsed: unknown = JSON.parse(sessionStore()?.getItem(NOTICE_KEY) ?? 'null');
    return typeof parsed === 'object' && parsed !== null ? (parsed as LoginNotice) : {};
  } catch {
    return {};
  }
};

export const clearLoginNotice = () => sessionStore()?.removeItem(NOTICE_KEY);

const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

export const noteSessionEnded = (reason: 'expired' | 'refreshFailed', uid: string | null) => {
  const notice: LoginNotice = {
    error: SESSION_EXPIRED_KEY,
    alert: reason === 'refreshFailed' ? REFRESH_FAILED_NOTICE_KEY : undefined,
    from: currentPath(),
    ...(uid ? { uid } : {}),
  };
  sessionStore()?.setItem(NOTICE_KEY, JSON.stringify(notice));
};

const PUBLIC_PATHS = ['/login', '/signup'];

/** Only the portal's own paths: never another origin, `//host`, or a sign-in page. */
export const returnPath = (from: string | undefined, fallback: string): string => {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return fallback;
  const pathname = from.split(/[?#]/)[0];
  return pathname === '/' || PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '')) ? fallback : from;
};

/** spec 4, 8: a failed refresh, or a 401 again after it, ends the session with its reason noted for /login. */
export const sessionEndHooks = (portalAuth: PortalAuth, goToLogin: () => void) => {
  let refreshFailed = false;
  let redirected = false;
  return {
    refreshToken: async (): Promise<string | null> => {
      try {
        const { token } = await portalAuth.refreshToken();
        refreshFailed = false;
        return token;
      } catch (error) {
        refreshFailed = true;
        throw error;
      }
    },
    onAuthFailure: async () => {
      if (redirected) return;
      redirected = true;
      noteSessionEnded(refreshFailed ? 'refreshFailed' : 'expired', portalAuth.currentUser()?.uid ?? null);
      await portalAuth.signOut().catch(() => undefined);
      goToLogin();
    },
  };
};

/** spec 4: a Logout records no page, so whoever signs in next starts at the dashboard. */
export const loginReturnPath = (state: unknown, fallback: string, uid: string | null): string => {
  const route = (typeof state === 'object' && state !== null ? state : {}) as {
    from?: unknown;
    nextPathname?: unknown;
    nextSearch?: unknown;
  };
  const fromRoute =
    typeof route.from === 'string'
      ? route.from
      : typeof route.nextPathname === 'string'
        ? `${route.nextPathname}${typeof route.nextSearch === 'string' ? route.nextSearch : ''}`
        : undefined;
  const notice = readLoginNotice();
  // A session ended here: its pages are only for the admin who held it.
  if ((notice.error !== undefined || notice.from !== undefined) && notice.uid !== uid) return fallback;
  return returnPath(fromRoute ?? notice.from, fallback);
};
