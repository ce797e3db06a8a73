import { requestIdOf } from '@/contract/failedCall';

/** The http client's stand-ins for a response without the spec's error body, and the server's generic 5xx. */
const NOT_A_SERVER_MESSAGE = new Set(['API_ERROR', 'NETWORK_ERROR', 'TIMEOUT', 'INTERNAL_ERROR']);

/**
 * spec 8: the server's message when it sent `{ error, message }`, otherwise the action's own
 * text (the fallback key); never a status line nor a network or timeout text. May be an i18n key.
 */
export const errorText = (error: unknown, fallbackKey: string): string => {
  const body = (error as { body?: { error?: unknown; message?: unknown } } | null)?.body;
  const fromServer =
    typeof body?.error === 'string' && !NOT_A_SERVER_MESSAGE.has(body.error) && typeof body.message === 'string' && body.message !== '';
  return fromServer ? (body.message as string) : fallbackKey;
};

/** Followed by the request's id when the server sent one, so the admin can quote it. */
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

export { errorCodeOf, requestIdOf } from '@/contract/failedCall';
