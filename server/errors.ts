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
