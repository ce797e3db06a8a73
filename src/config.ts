// spec 9: constants
export const BACKEND_TIMEOUT_MS = 30_000;
export const TOKEN_EXPIRY_BUFFER_MS = 300_000;
export const TOKEN_VALIDATION_INTERVAL_MS = 60_000;
export const DASHBOARD_TOKEN_CHECK_INTERVAL_MS = 300_000;
export const MIN_PASSWORD_LENGTH = 6;
export const SIDEBAR_WIDTH = 260;
export const DEFAULT_PAGE_SIZE = 15;
export const DICTIONARY_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const PAGE_WINDOW = 5;
export const SESSION_ID_PREVIEW_LENGTH = 20;
export const GENERATED_VARIATIONS_COUNT = 3;
export const LANDMINE_POINTS_PREVIEW = 2;
export const RESET_RETURN_DELAY_MS = 3_000;
/** How long typing must pause before a search goes to the server (pick). */
export const SEARCH_DEBOUNCE_MS = 300;
export const ACCESS_DENIED_DELAY_MS = 100;
export const PRIMARY_COLOR = '#1976d2';
export const SECONDARY_COLOR = '#dc004e';
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';

import { BUILT_IN_ADMIN_UIDS } from '@/contract/auth';

export { BUILT_IN_ADMIN_UIDS };

/** Published by the API server in /runtime-config.js, so one build runs against the emulator or a real project. */
export interface RuntimeConfig {
  /** '' means the origin that served the portal. */
  apiBaseUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl: string | null;
  adminUids: string[];
}

declare global {
  interface Window {
    __SALESCOACH_CONFIG__?: Partial<RuntimeConfig>;
  }
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: '',
  firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-salescoach' },
  authEmulatorUrl: 'http://127.0.0.1:9099',
  adminUids: [...BUILT_IN_ADMIN_UIDS],
};

export const readRuntimeConfig = (
  published: Partial<RuntimeConfig> | undefined = typeof window === 'undefined' ? undefined : window.__SALESCOACH_CONFIG__,
): RuntimeConfig => ({
  ...DEFAULT_RUNTIME_CONFIG,
  ...published,
  firebase: { ...DEFAULT_RUNTIME_CONFIG.firebase, ...published?.firebase },
  adminUids: published?.adminUids?.length ? published.adminUids : DEFAULT_RUNTIME_CONFIG.adminUids,
});
