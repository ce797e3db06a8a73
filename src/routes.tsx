import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { loadSessionList } from '@/resources/sessions/loadSessionList';
import { loadUserList } from '@/resources/users/loadUserList';
import { PATHS } from '@/shared/paths';
import { lazyFrom, preloadable } from '@/shared/preloadable';

export interface PageRoute {
  path: string;
  Page: ComponentType;
  load: () => Promise<unknown>;
  /** A page that is not a resource's sends its first reads while the shell starts (dataProvider/firstRead.ts). */
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
 * Every page route, each its own lazily loaded chunk. signInRoutes render outside the admin shell, so the sign-in
 * page loads without react-admin (scripts/size.ts); adminRoutes inside it. Resources' routes come from the registry.
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
    `${PATHS.insightRep}/:rep`,
    () => import('@/customPages/insights/rep/RepPage'),
    (m) => m.RepPage,
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
  pageRoute(
    PATHS.variationSuggestions,
    () => import('@/resources/dictionary/suggestions/SuggestionsPage'),
    (m) => m.SuggestionsPage,
  ),
  sessionDetail,
];

// The loaders the lists render with: a list loaded early here renders without suspending.
const resourceLists: Record<string, () => Promise<unknown>> = {
  [PATHS.sessions]: loadSessionList,
  [PATHS.users]: loadUserList,
};

/** Started while the session is restored; other paths load their page when the shell asks for it. */
export const routeChunkLoaders = (pathname: string): Array<() => Promise<unknown>> => {
  const list = resourceLists[pathname.replace(/\/+$/, '')];
  if (list) return [list];
  const page = adminRoutes.find((route) => matchPath(route.path, pathname));
  if (page) return [page.load];
  return pathname === '/' ? [dashboard.load] : [];
};

/** None for a resource's page: App.tsx starts those. */
export const routeFirstReads = (pathname: string): Array<() => Promise<unknown>> => {
  const page = adminRoutes.find((route) => matchPath(route.path, pathname));
  return page?.firstRead ? [page.firstRead] : [];
};

export const likelyNextScreens: ReadonlyArray<() => Promise<unknown>> = [dashboard.load, loadSessionList, sessionDetail.load];
