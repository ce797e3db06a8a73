import { preloadable } from '@/shared/preloadable';

/** The users list's chunk: shared by the resource (index.ts) and the early loads of routes.tsx. */
export const loadUserList = preloadable(() => import('./UserList'));
