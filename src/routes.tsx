import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { loadSessionList } from '@/resources/sessions/loadSessionList';
import { loadUserList } from '@/resources/users/loadUserList';
import { PATHS } from '@/shared/paths';
import { lazyFrom, preloadable } from '@/shared/preloadable';

/** One path of the portal and the page it shows. */
export interface PageRoute {
  path: string;
  Page: ComponentType;
  /** Loads the page's chunk (and, through Vite's preload helper, its imports in parallel). */
  load: () => Promise<unknown>;
  /**
   * Sends the page's first reads with the stored token while the shell starts
   * (dataProvider/firstRead.ts), for a page that is not a resource's.
   */
  firstRead?: () => Promise<unknown>;
}

const pageRoute = <M,>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  firstRead?: () => Promise<unknown>,
): PageRoute => {
  const loader = preloadable(load);
  return { path, load: loader, Page: lazyFrom(loader, pick), ...(firstRead && { firstRead }) };
};

/*
 * Every page route of the portal, in this one table. Each page is its own lazily loaded
 * chunk, so importing the table loads no page.
 * - signInRoutes: main.tsx renders them outside the admin shell, so the sign-in page loads
 *   without react-admin (scripts/size.ts holds it to its budget).
 * - adminRoutes: App.tsx renders them inside react-admin as <CustomRoutes>.
 * The resources' own routes (/sessions, /users, /audit) come from resources/registry.ts,
 * and `/` and any unknown path go to the dashboard (App.tsx).
 */
export const signInRoutes: readonly PageRoute[] = [
  pageRoute(
    PATHS.login,
    () => import('@/customPages/auth/LoginPage'),
    (m) => m.LoginPage,
  ),
  pageRoute(
    PATHS.signup,
    () => import('@/customPages/auth/SignupPage'),
    (m) => m.SignupPage,
  ),
];

const dashboard = pageRoute(
  PATHS.dashboard,
  () => import('@/customPages/dashboard/DashboardPage'),
  (m) => m.DashboardPage,
);
// The sessions resource declares no edit view, so /sessions/:id is free for the detail.
const sessionDetail = pageRoute(
  `${PATHS.sessions}/:sessionId`,
  () => import('@/resources/sessions/detail/SessionDetailPage'),
  (m) => m.SessionDetailPage,
);

export const adminRoutes: readonly PageRoute[] = [
  dashboard,
  pageRoute(
    PATHS.transcripts,
    () => import('@/customPages/transcripts/TranscriptsPage'),
    (m) => m.TranscriptsPage,
  ),
  pageRoute(
    PATHS.insights,
    () => import('@/customPages/insights/InsightsPage'),
    (m) => m.InsightsPage,
    () => import('@/customPages/insights/insightsFirstRead').then((m) => m.startInsightsFirstRead(window.location.search)),
  ),
  pageRoute(
    PATHS.settings,
    () => import('@/customPages/settings/SettingsPage'),
    (m) => m.SettingsPage,
  ),
  pageRoute(
    PATHS.dictionary,
    () => import('@/resources/dictionary/DictionaryPage'),
    (m) => m.DictionaryPage,
  ),
  sessionDetail,
];

// The very loaders resources/sessions and resources/users render their lists with: a list
// loaded early here renders without suspending.
const resourceLists: Record<string, () => Promise<unknown>> = {
  [PATHS.sessions]: loadSessionList,
  [PATHS.users]: loadUserList,
};

/**
 * The page chunks a path shows inside the admin shell, to start loading while the session is
 * restored (no waterfall). `/` shows the dashboard; other paths load their page
 * when the shell asks for it.
 */
export const routeChunkLoaders = (pathname: string): Array<() => Promise<unknown>> => {
  const list = resourceLists[pathname.replace(/\/+$/, '')];
  if (list) return [list];
  const page = adminRoutes.find((route) => matchPath(route.path, pathname));
  if (page) return [page.load];
  return pathname === '/' ? [dashboard.load] : [];
};

/** The first reads of the page a path shows, to send while the shell starts (none for a resource's page: App.tsx starts those). */
export const routeFirstReads = (pathname: string): Array<() => Promise<unknown>> => {
  const page = adminRoutes.find((route) => matchPath(route.path, pathname));
  return page?.firstRead ? [page.firstRead] : [];
};

/** The screens an admin usually opens next, fetched when the browser is idle after sign-in. */
export const likelyNextScreens: ReadonlyArray<() => Promise<unknown>> = [dashboard.load, loadSessionList, sessionDetail.load];
