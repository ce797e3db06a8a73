import { lazy, type ComponentType } from 'react';
import { PATHS } from './shared/paths';

/** One path of the portal and the page it shows. */
export interface PageRoute {
  path: string;
  Page: ComponentType;
}

/*
 * Every page route of the portal, in this one table. Each page is its own lazily loaded
 * chunk (issue 2, item 9), so importing the table loads no page.
 * - signInRoutes: main.tsx renders them outside the admin shell, so the sign-in page loads
 *   without react-admin (scripts/size.ts holds it to its budget).
 * - adminRoutes: App.tsx renders them inside react-admin as <CustomRoutes>.
 * The resources' own routes (/sessions, /users, /audit) come from resources/registry.ts,
 * and `/` and any unknown path go to the dashboard (App.tsx).
 */
export const signInRoutes: readonly PageRoute[] = [
  { path: PATHS.login, Page: lazy(() => import('./customPages/auth/LoginPage').then((m) => ({ default: m.LoginPage }))) },
  { path: PATHS.signup, Page: lazy(() => import('./customPages/auth/SignupPage').then((m) => ({ default: m.SignupPage }))) },
];

export const adminRoutes: readonly PageRoute[] = [
  { path: PATHS.dashboard, Page: lazy(() => import('./customPages/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage }))) },
  {
    path: PATHS.transcripts,
    Page: lazy(() => import('./customPages/transcripts/TranscriptsPage').then((m) => ({ default: m.TranscriptsPage }))),
  },
  { path: PATHS.settings, Page: lazy(() => import('./customPages/settings/SettingsPage').then((m) => ({ default: m.SettingsPage }))) },
  {
    path: PATHS.dictionary,
    Page: lazy(() => import('./customPages/dictionary/DictionaryPage').then((m) => ({ default: m.DictionaryPage }))),
  },
  // The sessions resource declares no edit view, so /sessions/:id is free for the detail.
  {
    path: `${PATHS.sessions}/:sessionId`,
    Page: lazy(() => import('./customPages/sessionDetail/SessionDetailPage').then((m) => ({ default: m.SessionDetailPage }))),
  },
];
