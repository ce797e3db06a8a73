import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserSchema,
  deleteUserResponseSchema,
  freeEmailResponseSchema,
  resetPasswordResponseSchema,
  resetPasswordSchema,
  updateUserSchema,
  USER_MESSAGES,
  userIdParamsSchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
} from '../../src/contract/users';
import { deleteVersionQuerySchema } from '../../src/contract/deleteVersion';
import type { Database } from '../db/client';
import { perAdminRateLimit, type RateLimitOptions } from '../plugins/rateLimits';
import type { Identity } from '../services/identity';
import {
  createUser,
  deleteUser,
  freeEmail,
  listUsers,
  resetPassword,
  restoreUser,
  toggleUser,
  updateUser,
  type UsersContext,
} from '../services/users';

/** docs/security.md pick */
export const RESET_PASSWORD_RATE_LIMIT: RateLimitOptions = { max: 10, timeWindowMs: 60_000 };

const USER_CONFLICT =
  'CONFLICT: the change breaks a rule of the users (your own account, the last active admin, an unverified sign-up, a deleted user, no identity account).';

const contextOf = (request: FastifyRequest): UsersContext => ({ actor: request.admin, log: request.log });

/** spec 7, and beyond it: emailVerified, the unverified sign-up's replacement, deleted users (docs/api.md "Deleted users"). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ db: Database; identity: Identity }> = async (app, { db, identity }) => {
  const stores = { db, identity };

  app.get('/admin/users', { schema: { querystring: userListQuerySchema, response: { 200: userListResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await listUsers(stores, request.query, request.log),
  }));

  app.post(
    '/admin/users',
    {
      schema: { body: createUserSchema, response: { 201: userResponseSchema } },
      config: {
        errorAnswers: {
          409: 'EMAIL_EXISTS, EMAIL_HELD_UNVERIFIED or EMAIL_HELD_BY_DELETED: an account already holds the email.',
          503: 'AUTH_UNAVAILABLE also when the identity provider fails to create the account.',
        },
      },
    },
    async (request, reply) => {
      const user = await createUser(stores, contextOf(request), request.body);
      return reply.code(201).send({ success: true as const, data: user });
    },
  );

  app.put(
    '/admin/users/:id',
    {
      schema: { params: userIdParamsSchema, body: updateUserSchema, response: { 200: userResponseSchema } },
      config: { errorAnswers: { 409: USER_CONFLICT } },
    },
    async (request) => ({ success: true as const, data: await updateUser(stores, contextOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/admin/users/:id/toggle',
    { schema: { params: userIdParamsSchema, response: { 200: userResponseSchema } }, config: { errorAnswers: { 409: USER_CONFLICT } } },
    async (request) => ({ success: true as const, data: await toggleUser(stores, contextOf(request), request.params.id) }),
  );

  app.post(
    '/admin/users/:id/reset-password',
    {
      schema: { params: userIdParamsSchema, body: resetPasswordSchema, response: { 200: resetPasswordResponseSchema } },
      // Ignored when buildApp runs without the rate-limit plugin (tests).
      config: { ...perAdminRateLimit('reset-password', RESET_PASSWORD_RATE_LIMIT), errorAnswers: { 409: USER_CONFLICT } },
    },
    async (request) => {
      await resetPassword(stores, contextOf(request), request.params.id, request.body.newPassword);
      return { success: true as const, message: USER_MESSAGES.passwordReset };
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      schema: { params: userIdParamsSchema, querystring: deleteVersionQuerySchema, response: { 200: deleteUserResponseSchema } },
      config: { errorAnswers: { 409: USER_CONFLICT } },
    },
    async (request) => {
      await deleteUser(stores, contextOf(request), request.params.id, request.query.version);
      return { success: true as const };
    },
  );

  app.post(
    '/admin/users/:id/restore',
    { schema: { params: userIdParamsSchema, response: { 200: userResponseSchema } }, config: { errorAnswers: { 409: USER_CONFLICT } } },
    async (request) => ({ success: true as const, data: await restoreUser(stores, contextOf(request), request.params.id) }),
  );

  app.post(
    '/admin/users/:id/free-email',
    {
      schema: { params: userIdParamsSchema, response: { 200: freeEmailResponseSchema } },
      config: { errorAnswers: { 409: USER_CONFLICT } },
    },
    async (request) => ({ success: true as const, data: await freeEmail(stores, contextOf(request), request.params.id) }),
  );
};
