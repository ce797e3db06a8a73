import { requestIdOf } from '@/contract/failedCall';

/**
 * Error codes whose message is not the server's own word: the http client's stand-ins for a
 * response without the spec's error body (API_ERROR, 'HTTP status: text'), a dropped
 * connection and a timeout (httpClient.ts), and the server's generic 5xx body.
 */
const NOT_A_SERVER_MESSAGE = new Set(['API_ERROR', 'NETWORK_ERROR', 'TIMEOUT', 'INTERNAL_ERROR']);

/**
 * spec 8, the one rule for every failed call: the server's message when it answered with its
 * `{ error, message }` (a validation detail, a 429's wait, a 503's "sign-in service cannot be
 * reached", a 401's 'Your session has expired'), otherwise the action's own text (the fallback
 * key). Never a status line nor the http client's network or timeout text. The result may be
 * an i18n key: translate it with itself as the default.
 */
export const errorText = (error: unknown, fallbackKey: string): string => {
  const body = (error as { body?: { error?: unknown; message?: unknown } } | null)?.body;
  const fromServer =
    typeof body?.error === 'string' && !NOT_A_SERVER_MESSAGE.has(body.error) && typeof body.message === 'string' && body.message !== '';
  return fromServer ? (body.message as string) : fallbackKey;
};

/**
 * errorText translated, followed by the failed request's id when the server sent one (the
 * `app.http.withRequestId` text), so the admin can quote it. `translate` is react-admin's.
 */
export const translatedErrorText = (
  error: unknown,
  fallbackKey: string,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string => {
  const text = errorText(error, fallbackKey);
  const message = translate(text, { _: text });
  const requestId = requestIdOf(error);
  return requestId ? translate('app.http.withRequestId', { message, requestId }) : message;
};

/** The API's error code of a failed call, if it sent one (one reader for the whole portal). */
export { errorCodeOf, requestIdOf } from '@/contract/failedCall';
