import type { sessionExpiryMessages as english } from '@/i18n/sessionExpiryMessages';

/** French twin of ../sessionExpiryMessages.ts. */
export const sessionExpiryMessages: typeof english = {
  warning:
    "Votre session n'a pas pu être renouvelée et se termine dans %{smart_count} minute. Reconnectez-vous pour garder votre travail. |||| Votre session n'a pas pu être renouvelée et se termine dans %{smart_count} minutes. Reconnectez-vous pour garder votre travail.",
  signInAgain: 'Se reconnecter',
  dialogTitle: 'Se reconnecter',
  dialogText: 'Saisissez votre mot de passe pour continuer. La page et ce que vous avez saisi restent tels quels.',
  otherAccount: "Seul le compte connecté peut poursuivre cette session. Pour utiliser un autre compte, déconnectez-vous d'abord.",
};
