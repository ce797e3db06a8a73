/** spec 8: the password-reset messages, as i18n keys, by Firebase error code. */
const RESET_ERROR_KEYS: Record<string, string> = {
  'auth/user-not-found': 'app.auth.reset.userNotFound',
  'auth/invalid-email': 'app.auth.reset.invalidEmail',
  'auth/too-many-requests': 'app.auth.reset.tooManyRequests',
};

export const RESET_FAILED_KEY = 'app.auth.reset.failed';

// Firebase's `auth/...` code on the error itself, not the API's `body.error` that dataProvider's errorCodeOf reads.
const firebaseCodeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

export const resetErrorKey = (error: unknown): string => {
  const code = firebaseCodeOf(error);
  return (code && RESET_ERROR_KEYS[code]) || RESET_FAILED_KEY;
};
