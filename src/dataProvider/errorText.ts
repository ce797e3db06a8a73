/**
 * spec 8: what to show for a failed call: the server's message when it answered with its
 * `{ error, message }` (a 429's wait, a 503's "sign-in service cannot be reached"), otherwise
 * the action's own text. The result may be an i18n key (the fallback, or the http client's
 * network and timeout keys): translate it with itself as the default.
 */
export const errorText = (error: unknown, fallbackKey: string): string => {
  const body = (error as { body?: { error?: unknown; message?: unknown } } | null)?.body;
  // The http client marks a response without the spec's error body as API_ERROR (httpClient.ts).
  const fromServer =
    typeof body?.error === 'string' && body.error !== 'API_ERROR' && typeof body.message === 'string' && body.message !== '';
  return fromServer ? (body.message as string) : fallbackKey;
};

/**
 * spec 8, for the screens whose text is "the server message, else the fallback" for ANY failure
 * (users, sessions, dictionary variations, the speech-rate save): the error's own message when it
 * has one, else the fallback key. Unlike `errorText` it also shows an API_ERROR's 'HTTP status:
 * text' and a non-HTTP error's message; the component and unit tests pin both rules, so they stay
 * two (httpClient.ts puts the same message on the HttpError and its body, so the rules agree for
 * every spec error body). Translate the result with itself as the default.
 */
export const messageText = (error: unknown, fallbackKey: string): string =>
  error instanceof Error && error.message ? error.message : fallbackKey;

/** The API's error code (the `error` of its `{ error, message }` body, docs/api.md) of a failed call, if it sent one. */
export const errorCodeOf = (error: unknown): string | undefined => {
  const body = (error as { body?: { error?: unknown } } | null)?.body;
  return typeof body?.error === 'string' ? body.error : undefined;
};
