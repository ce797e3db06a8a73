import { messageText } from '@/dataProvider/errorText';

const codeOf = (error: unknown): string | undefined => {
  const body = (error as { body?: { error?: unknown } } | null)?.body;
  return typeof body?.error === 'string' ? body.error : undefined;
};

/**
 * spec 8, sessions list: the i18n key or server message to show. Server messages may be
 * i18n keys themselves (the http client's), so callers translate with the text as fallback.
 */
export const sessionListError = (error: unknown): string => {
  const code = codeOf(error);
  if (code === 'NOT_ADMIN' || code === 'NOT_AUTHENTICATED') return 'app.sessions.errors.notAdmin';
  if (code === 'AUTHENTICATION_FAILED') return 'app.sessions.errors.sessionExpired';
  return messageText(error, 'app.sessions.errors.list');
};

/** spec 8, session detail: 'Session not found' for a missing one, else the server message or the fallback. */
export const sessionDetailError = (error: unknown): string => {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 404 || codeOf(error) === 'NOT_FOUND') return 'app.sessions.errors.notFound';
  return messageText(error, 'app.sessions.errors.detail');
};
