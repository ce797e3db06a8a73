import { z } from 'zod';
import { ROLES } from './auth';
import { LIMITS, queryBoolean, safeText, versionSchema } from './common';

/** spec 9 (the identity provider may ask for more). */
export const USER_PASSWORD_MIN_LENGTH = 6;
/** pick */
export const USER_PASSWORD_MAX_LENGTH = 128;
/** spec 9 */
export const USER_PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const USER_DEFAULT_PAGE_SIZE = 10;
/** Keeps OFFSET in range (pick). */
export const USER_PAGE_MAX = 100_000;
export const USER_EMAIL_MAX_LENGTH = 200;

/** spec 8: the server message wins. */
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

export const USER_ERROR_CODES = {
  emailExists: 'EMAIL_EXISTS',
  /** POST again with replaceUnverified: true to replace the self sign-up. */
  emailHeldUnverified: 'EMAIL_HELD_UNVERIFIED',
  emailHeldByDeleted: 'EMAIL_HELD_BY_DELETED',
} as const;

export const userRoleSchema = z.enum(ROLES);

export const userNameSchema = safeText(
  z.string().trim().min(1, 'Name is required').max(LIMITS.name, `Name must be at most ${LIMITS.name} characters`),
);
export const userEmailSchema = z.email('Enter a valid email address').max(USER_EMAIL_MAX_LENGTH);
/** Sent as UTF-8, "a\uD800" and "a\uDC00" would be the same password. */
export const userPasswordSchema = safeText(
  z
    .string()
    .min(USER_PASSWORD_MIN_LENGTH, `Password must be at least ${USER_PASSWORD_MIN_LENGTH} characters long`)
    .max(USER_PASSWORD_MAX_LENGTH, `Password must be at most ${USER_PASSWORD_MAX_LENGTH} characters long`),
);

/** spec 3; emailVerified (beyond the spec) is null when the provider could not be asked. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
  isActive: z.boolean(),
  lastLogin: z.string().nullable().optional(),
  createdAt: z.string(),
  emailVerified: z.boolean().nullable(),
  version: z.number().int().optional(),
  deletedAt: z.string().nullable().optional(),
  /** It cannot be restored. */
  emailFreed: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(USER_PAGE_MAX).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(USER_DEFAULT_PAGE_SIZE),
  search: safeText(z.string().max(LIMITS.search)).optional(),
  role: userRoleSchema.optional(),
  isActive: queryBoolean.optional(),
  /** Beyond the spec: true lists the deleted users only; otherwise they are left out. */
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

/** spec 5; replaceUnverified (beyond the spec) answers 409 EMAIL_HELD_UNVERIFIED. */
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

/** spec 5: the email trimmed as typed. */
export const createUserFormSchema = createUserSchema.extend({ email: z.string().trim().pipe(userEmailSchema) });
export type CreateUser = z.infer<typeof createUserSchema>;

/** spec 7: the email is not editable. */
export const updateUserSchema = z
  .object({
    name: userNameSchema,
    role: userRoleSchema,
    isActive: z.boolean(),
    version: versionSchema.optional(),
  })
  .strict();
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const resetPasswordSchema = z.object({ newPassword: userPasswordSchema }).strict();
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** Anything but a UUID is a 400, never a 500 from the database. */
export const userIdParamsSchema = z.object({ id: z.guid('Not a valid user id') });

export const userResponseSchema = z.object({ success: z.literal(true), data: userSchema });
export const resetPasswordResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export const deleteUserResponseSchema = z.object({ success: z.literal(true) });
export const freeEmailResponseSchema = z.object({ success: z.literal(true), data: userSchema });
