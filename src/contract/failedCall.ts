/**
 * Readers of a failed API call as the portal's http client reports it (react-admin's HttpError:
 * `status`, and `body` holding the server's `{ error, message }` envelope, docs/api.md). Kept
 * here, on the bottom floor, so the dataProvider and the authProvider read it one way.
 */
export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/**
 * The id of the failed request (every API error body carries it, docs/api.md "Request ids"): the
 * portal shows it beside the message, so an admin can quote it and an operator find its log lines.
 */
export const requestIdOf = (error: unknown): string | undefined => {
  const body = (error as { body?: { requestId?: unknown } } | null)?.body;
  return typeof body?.requestId === 'string' && body.requestId !== '' ? body.requestId : undefined;
};

/** The server's error code (`NOT_AUTHENTICATED`, `VALIDATION_ERROR`, ...), if it sent one. */
export const errorCodeOf = (error: unknown): string | undefined => {
  const body = (error as { body?: { error?: unknown } } | null)?.body;
  return typeof body?.error === 'string' ? body.error : undefined;
};
