import { translate } from '@/i18n/translate';

/**
 * PortalAuth throws errors whose message is an i18n key; the identity provider's own
 * messages (e.g. a weak password) are not keys and pass through unchanged.
 */
export const authErrorMessage = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  return translate(message, { _: message });
};
