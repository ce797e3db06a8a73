import { errorCodeOf, errorText } from '@/dataProvider/errorText';

/**
 * spec 8, sessions list: the i18n key or server message to show. Server messages may be
 * i18n keys themselves (the http client's), so callers translate with the text as fallback.
 */
export const sessionListError = (error: unknown): string => {
  const code = errorCodeOf(error);
  if (code === 'NOT_ADMIN' || code === 'NOT_AUTHENTICATED') return 'app.sessions.errors.notAdmin';
  if (code === 'AUTHENTICATION_FAILED') return 'app.sessions.errors.sessionExpired';
  return errorText(error, 'app.sessions.errors.list');
};

/** spec 8, session detail: 'Session not found' for a missing one, else the server message or the fallback. */
export const sessionDetailError = (error: unknown): string => {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 404 || errorCodeOf(error) === 'NOT_FOUND') return 'app.sessions.errors.notFound';
  return errorText(error, 'app.sessions.errors.detail');
};
