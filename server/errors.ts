import { ERROR_CODES } from '../src/contract/common';

/**
 * Errors meant for the client, below both the services that throw them and the plugin that
 * sends them (plugins/errors.ts), so neither layer imports the other.
 */

/** An error meant for the client: its status, code and message are sent as they are. */
export class ApiHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiHttpError';
  }
}

/** 404 NOT_FOUND with the message the client sees. */
export const notFoundError = (message: string) => new ApiHttpError(404, ERROR_CODES.notFound, message);

/** 409 CONFLICT with the message the client sees. */
export const conflictError = (message: string) => new ApiHttpError(409, ERROR_CODES.conflict, message);

/** 400 VALIDATION_ERROR for a rule the request schema cannot express. */
export const validationError = (message: string) => new ApiHttpError(400, ERROR_CODES.validation, message);
