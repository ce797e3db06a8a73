/**
 * spec 8: what to show for a failed call: the server's message when it answered with its
 * `{ error, message }` (a 429's wait, a 503's "sign-in service cannot be reached"), otherwise
 * the action's own text. The result may be an i18n key (the fallback, or the http client's
 * network and timeout keys): translate it with itself as the default.
 */
export const errorText = (error: unknown, fallbackKey: string): string => {
  const body = (error as { body?: { error?: unknown; message?: unknown } } | null)?.body;
  // The http client marks a response without the spec's error body as API_ERROR (httpClient.ts).
  const fromServer = typeof body?.error === 'string' && body.error !== 'API_ERROR' && typeof body.message === 'string' && body.message !== '';
  return fromServer ? (body.message as string) : fallbackKey;
};
