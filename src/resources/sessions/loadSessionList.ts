import { preloadable } from '@/shared/preloadable';

/** The sessions list's chunk: shared by the resource (index.ts) and the early loads of routes.tsx. */
export const loadSessionList = preloadable(() => import('./SessionList'));
