import { preloadable } from '@/shared/preloadable';

/** Shared by the resource and the early loads of routes.tsx. */
export const loadUserList = preloadable(() => import('./UserList'));
