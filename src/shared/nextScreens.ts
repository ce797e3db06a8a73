/** Defined on window by the built portal's shell-preload script (scripts/shellPreload.ts). */
export const PRELOAD_NEXT_SCREENS_GLOBAL = '__SALESCOACH_PRELOAD_NEXT_SCREENS__';
