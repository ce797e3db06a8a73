/**
 * The function the built portal's shell-preload script defines on window (scripts/shellPreload.ts):
 * it preloads the files of the screens an admin usually opens next, without running them.
 */
export const PRELOAD_NEXT_SCREENS_GLOBAL = '__SALESCOACH_PRELOAD_NEXT_SCREENS__';
