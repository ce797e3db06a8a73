/** spec 1: the demo seed gives these uids to admin@ and lead@salescoach.test; a deployment replaces them with ADMIN_UIDS. */
export const BUILT_IN_ADMIN_UIDS = ['demo-admin-0000000000000001', 'demo-admin-0000000000000002'] as const;

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const PROFILE_ORIGINS = ['portal', 'config', 'demo', 'signup'] as const;
export type ProfileOrigin = (typeof PROFILE_ORIGINS)[number];
