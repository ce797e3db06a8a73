/**
 * The built-in whitelist (spec 1: two uids). They are the uids the demo seed gives
 * admin@salescoach.test and lead@salescoach.test; a deployment replaces them with ADMIN_UIDS.
 */
export const BUILT_IN_ADMIN_UIDS = ['demo-admin-0000000000000001', 'demo-admin-0000000000000002'] as const;

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** How a profile came to be (server/db/schema.ts users.origin). */
export const PROFILE_ORIGINS = ['portal', 'config', 'demo', 'signup'] as const;
export type ProfileOrigin = (typeof PROFILE_ORIGINS)[number];
