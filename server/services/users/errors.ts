import { ERROR_CODES } from '../../../src/contract/common';
import { USER_ERROR_CODES, USER_MESSAGES } from '../../../src/contract/users';
import { ApiHttpError, conflictError, notFoundError, validationError } from '../../errors';
import type { UsersContext } from './model';

export const identityCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

const INPUT_REJECTIONS = new Set([
  'auth/invalid-password',
  'auth/weak-password',
  'auth/password-does-not-meet-requirements',
  'auth/invalid-email',
  'auth/invalid-display-name',
]);

export const conflict = conflictError;
export const notFound = () => notFoundError(USER_MESSAGES.notFound);
export const emailExists = () => new ApiHttpError(409, USER_ERROR_CODES.emailExists, USER_MESSAGES.emailExists);
export const emailHeldUnverified = () => new ApiHttpError(409, USER_ERROR_CODES.emailHeldUnverified, USER_MESSAGES.emailHeldUnverified);
export const emailHeldByDeleted = () => new ApiHttpError(409, USER_ERROR_CODES.emailHeldByDeleted, USER_MESSAGES.emailHeldByDeleted);

/** spec 5: the provider's input rules are passed through as 400; anything unknown is the provider being unavailable. */
export const identityFailure = (error: unknown, context: UsersContext): ApiHttpError => {
  const code = identityCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'auth/email-already-exists') return emailExists();
  if (code && INPUT_REJECTIONS.has(code)) return validationError(message);
  if (code === 'auth/user-not-found') return conflict(USER_MESSAGES.noIdentityAccount);
  context.log?.error({ event: 'identity.failed', code, err: error }, 'identity provider call failed');
  return new ApiHttpError(503, ERROR_CODES.authUnavailable, USER_MESSAGES.identityUnavailable);
};
