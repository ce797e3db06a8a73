import { ERROR_CODES } from '../src/contract/common';

/* Below both the services that throw these and the plugin that sends them, so neither layer imports the other. */
/** Its status, code and message are sent as they are. */
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

export const notFoundError = (message: string) => new ApiHttpError(404, ERROR_CODES.notFound, message);

export const conflictError = (message: string) => new ApiHttpError(409, ERROR_CODES.conflict, message);

/** For a rule the request schema cannot express. */
export const validationError = (message: string) => new ApiHttpError(400, ERROR_CODES.validation, message);
