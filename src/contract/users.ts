import { z } from 'zod';
import { ROLES } from './auth';
import { LIMITS, queryBoolean, safeText, versionSchema } from './common';

/** spec 9: minimum password length 6 (the identity provider may ask for more). */
export const USER_PASSWORD_MIN_LENGTH = 6;
/** A cap so nobody posts a megabyte of password (pick). */
export const USER_PASSWORD_MAX_LENGTH = 128;
/** spec 9: rows-per-page options of the users table; the first is the default. */
export const USER_PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const USER_DEFAULT_PAGE_SIZE = 10;
/** Keeps OFFSET in range whatever page a client asks for (pick). */
export const USER_PAGE_MAX = 100_000;
export const USER_EMAIL_MAX_LENGTH = 200;

/** Server messages the portal shows in its banner (spec 8: the server message wins). */
export const USER_MESSAGES = {
  emailExists: 'A user with this email already exists',
  notFound: 'User not found',
  selfDisable: 'You cannot disable your own account',
  selfDelete: 'You cannot delete your own account',
  selfDemote: 'You cannot demote your own account',
  lastAdmin: 'At least one active admin must remain',
  passwordReset: 'Password reset successfully',
  noIdentityAccount: 'This user has no account in the identity provider',
  identityUnavailable: 'The identity provider is unavailable. Please try again shortly.',
  emailHeldUnverified:
    'An account that signed itself up holds this email, and its email is not verified. You can replace that account with the one you are creating.',
  unverifiedSignupPromotion: 'This account signed itself up and its email is not verified, so it cannot be made an admin.',
  emailHeldByDeleted:
    'A deleted user has this email. Restore the deleted account, or free the email to create a new account with it (the deleted account then keeps no email and cannot be restored).',
  notDeleted: 'This user is not deleted',
  emailFreed: 'The email of this deleted user was freed, so the account cannot be restored',
  emailTaken: 'Another user now has this email, so the deleted account cannot be restored',
} as const;

/** Error codes of the users endpoints beyond ERROR_CODES. */
export const USER_ERROR_CODES = {
  emailExists: 'EMAIL_EXISTS',
  /** A self sign-up with an unverified email holds the address: POST again with replaceUnverified: true to replace it. */
  emailHeldUnverified: 'EMAIL_HELD_UNVERIFIED',
  /** A deleted user holds the email: restore it (POST .../{id}/restore) or free the email (POST .../{id}/free-email). */
  emailHeldByDeleted: 'EMAIL_HELD_BY_DELETED',
} as const;

export const userRoleSchema = z.enum(ROLES);

export const userNameSchema = safeText(
  z.string().trim().min(1, 'Name is required').max(LIMITS.name, `Name must be at most ${LIMITS.name} characters`),
);
export const userEmailSchema = z.email('Enter a valid email address').max(USER_EMAIL_MAX_LENGTH);
/** No NUL or unpaired surrogate either: sent as UTF-8, "a\uD800" and "a\uDC00" would be the same password. */
export const userPasswordSchema = safeText(
  z
    .string()
    .min(USER_PASSWORD_MIN_LENGTH, `Password must be at least ${USER_PASSWORD_MIN_LENGTH} characters long`)
    .max(USER_PASSWORD_MAX_LENGTH, `Password must be at most ${USER_PASSWORD_MAX_LENGTH} characters long`),
);

/**
 * A user as the API sends it (spec 3). Dates are ISO strings; lastLogin is null until the first sign-in.
 * emailVerified (beyond the spec): whether the identity provider says the owner proved the email
 * address; null when the provider could not be asked or has no account for the profile.
 */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
  isActive: z.boolean(),
  lastLogin: z.string().nullable().optional(),
  createdAt: z.string(),
  emailVerified: z.boolean().nullable(),
  /** Beyond the spec: raised by every edit (docs/api.md "Versions"). */
  version: z.number().int().optional(),
  /** Beyond the spec: when the user was deleted (listed with deleted=true), else null. */
  deletedAt: z.string().nullable().optional(),
  /** Beyond the spec: a deleted user whose email an admin freed (it cannot be restored). */
  emailFreed: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/admin/users query (spec 7): page is 1-based. */
export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(USER_PAGE_MAX).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(USER_DEFAULT_PAGE_SIZE),
  search: safeText(z.string().max(LIMITS.search)).optional(),
  role: userRoleSchema.optional(),
  isActive: queryBoolean.optional(),
  /** Beyond the spec: true lists the deleted users only (newest deletion first); otherwise they are left out. */
  deleted: queryBoolean.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export type UserListQueryInput = z.input<typeof userListQuerySchema>;

export const userPaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

export const userListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ users: z.array(userSchema), pagination: userPaginationSchema }),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/**
 * POST /api/admin/users body (spec 5: email, password, name required; role defaults to user).
 * replaceUnverified (beyond the spec): the admin confirmed replacing the unverified self
 * sign-up that holds the email (the answer to 409 EMAIL_HELD_UNVERIFIED).
 */
export const createUserSchema = z
  .object({
    email: userEmailSchema,
    password: userPasswordSchema,
    name: userNameSchema,
    role: userRoleSchema.default('user'),
    replaceUnverified: z.boolean().optional(),
  })
  .strict();
export type CreateUserInput = z.input<typeof createUserSchema>;

/** The Create New User form (spec 5): the body's rules, the email trimmed as typed (the body carries it trimmed). */
export const createUserFormSchema = createUserSchema.extend({ email: z.string().trim().pipe(userEmailSchema) });
export type CreateUser = z.infer<typeof createUserSchema>;

/** PUT /api/admin/users/{id} body (spec 7: name, role, isActive; the email is not editable). */
export const updateUserSchema = z
  .object({
    name: userNameSchema,
    role: userRoleSchema,
    isActive: z.boolean(),
    /** The version the edit started from (docs/api.md "Versions"). */
    version: versionSchema.optional(),
  })
  .strict();
export type UpdateUser = z.infer<typeof updateUserSchema>;

/** POST /api/admin/users/{id}/reset-password body. */
export const resetPasswordSchema = z.object({ newPassword: userPasswordSchema }).strict();
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** The profile id in /api/admin/users/{id}: a UUID (anything else: 400, never a 500 from the database). */
export const userIdParamsSchema = z.object({ id: z.guid('Not a valid user id') });

export const userResponseSchema = z.object({ success: z.literal(true), data: userSchema });
export const resetPasswordResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export const deleteUserResponseSchema = z.object({ success: z.literal(true) });
/** POST /api/admin/users/{id}/free-email: the deleted user keeps no email (docs/api.md "Deleted users"). */
export const freeEmailResponseSchema = z.object({ success: z.literal(true), data: userSchema });
