import { translate } from '@/i18n/translate';

const WRONG_CREDENTIALS = 'app.auth.identity.wrongCredentials';
const TOO_MANY = 'app.auth.identity.tooManyRequests';
const NETWORK = 'app.auth.identity.network';
const NOT_CONFIGURED = 'app.auth.identity.notConfigured';
const REQUIREMENTS = 'app.auth.identity.passwordRequirements';

/** A wrong password, an unknown email and invalid-credential give one sentence: the form does not reveal which emails exist. */
const IDENTITY_ERROR_KEYS: Record<string, string> = {
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/invalid-login-credentials': WRONG_CREDENTIALS,
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/user-not-found': WRONG_CREDENTIALS,
  'auth/invalid-password': WRONG_CREDENTIALS,
  'auth/invalid-email': 'app.auth.reset.invalidEmail',
  'auth/missing-email': 'app.auth.reset.emailRequired',
  'auth/missing-password': 'app.auth.identity.missingPassword',
  'auth/user-disabled': 'app.auth.identity.userDisabled',
  'auth/too-many-requests': TOO_MANY,
  'auth/quota-exceeded': TOO_MANY,
  'auth/network-request-failed': NETWORK,
  'auth/timeout': NETWORK,
  'auth/email-already-in-use': 'app.auth.identity.emailInUse',
  'auth/weak-password': 'app.signup.passwordTooShort',
  'auth/password-does-not-meet-requirements': REQUIREMENTS,
  'auth/operation-not-allowed': 'app.auth.identity.operationNotAllowed',
  'auth/admin-restricted-operation': 'app.auth.identity.signupClosed',
  'auth/web-storage-unsupported': 'app.auth.identity.storageBlocked',
  'auth/invalid-api-key': NOT_CONFIGURED,
  'auth/api-key-not-valid.-please-pass-a-valid-api-key.': NOT_CONFIGURED,
  'auth/app-not-authorized': NOT_CONFIGURED,
  'auth/unauthorized-domain': NOT_CONFIGURED,
  'auth/configuration-not-found': NOT_CONFIGURED,
  'auth/user-token-expired': 'app.auth.sessionExpired',
  'auth/invalid-user-token': 'app.auth.sessionExpired',
  'auth/requires-recent-login': 'app.auth.sessionExpired',
};

export type AuthAction = 'signIn' | 'signUp' | 'reset';
const ACTION_FALLBACK_KEYS: Record<AuthAction, string> = {
  signIn: 'app.auth.identity.signInFailed',
  signUp: 'app.auth.identity.signUpFailed',
  reset: 'app.auth.reset.failed',
};

/** Firebase puts the code on the error and in its message: 'Firebase: Error (auth/wrong-password).' */
const identityCodeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('auth/')) return code;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /\((auth\/[^)\s]+)\)/.exec(message)?.[1];
};

// Between a key and the provider's own detail, so both survive a language switch.
const DETAIL_SEPARATOR = '\n';

/** An i18n key, so a shown message follows a switch of language; never the provider's raw message. */
export const authErrorMessage = (error: unknown, action: AuthAction): string => {
  const code = identityCodeOf(error);
  const key = code ? IDENTITY_ERROR_KEYS[code] : undefined;
  if (key === REQUIREMENTS) {
    // spec 5: the provider's password-policy message is passed through, after our own words.
    const detail = /requirements:\s*(\[[^\]]*\])/i.exec(error instanceof Error ? error.message : '')?.[1];
    return detail ? `${key}${DETAIL_SEPARATOR}${detail}` : key;
  }
  if (key) return key;
  const message = error instanceof Error ? error.message : '';
  return message.startsWith('app.') && !/\s/.test(message) ? message : ACTION_FALLBACK_KEYS[action];
};

export const messageText = (message: string): string => {
  const [key, detail] = message.split(DETAIL_SEPARATOR);
  const text = translate(key, { _: key });
  return detail ? `${text} ${detail}` : text;
};
