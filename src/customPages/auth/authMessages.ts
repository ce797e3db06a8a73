import { translate } from '@/i18n/translate';

/**
 * What a failure says, untranslated: PortalAuth throws errors whose message is an i18n key;
 * the identity provider's own messages (e.g. a weak password) are not keys. The pages keep it
 * as is and translate it with messageText when they render, so a shown message follows a
 * switch of language.
 */
export const authErrorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The text of a message held as an i18n key; a message that is not a key passes through unchanged. */
export const messageText = (message: string): string => translate(message, { _: message });
