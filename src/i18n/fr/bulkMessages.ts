import type { bulkMessages as english } from '@/i18n/bulkMessages';

/** Sélection de lignes et actions groupées (utilisateurs, dictionnaire, sujets sensibles). */
export const bulkMessages: typeof english = {
  selected: '%{smart_count} sélectionné |||| %{smart_count} sélectionnés',
  selectAll: 'Tout sélectionner sur cette page',
  selectRow: 'Sélectionner %{name}',
  clear: 'Vider la sélection',
  working: 'En cours...',
  deleted: {
    notSelectable: "Un utilisateur supprimé ne peut pas être sélectionné : restaurez-le d'abord",
  },
  own: 'Votre propre compte ne peut pas être sélectionné : vous ne pouvez pas le désactiver',
  users: {
    enable: 'Activer',
    disable: 'Désactiver',
    enabled: '%{smart_count} utilisateur activé |||| %{smart_count} utilisateurs activés',
    disabled: '%{smart_count} utilisateur désactivé |||| %{smart_count} utilisateurs désactivés',
    alreadyEnabled: '%{smart_count} déjà activé |||| %{smart_count} déjà activés',
    alreadyDisabled: '%{smart_count} déjà désactivé |||| %{smart_count} déjà désactivés',
    failed: '%{smart_count} échec : %{reason} |||| %{smart_count} échecs : %{reason}',
    failedFallback: "La modification n'a pas pu être enregistrée",
    confirmDisable: {
      title: 'Désactiver des utilisateurs',
      message:
        'Désactiver %{smart_count} utilisateur ? Il est déconnecté aussitôt et ne peut plus se connecter. |||| Désactiver %{smart_count} utilisateurs ? Ils sont déconnectés aussitôt et ne peuvent plus se connecter.',
      admins: 'Parmi eux, un administrateur : %{emails}. |||| Parmi eux, %{smart_count} administrateurs : %{emails}.',
      cancel: 'Annuler',
    },
  },
  dictionary: {
    delete: 'Supprimer',
    activate: 'Activer',
    deactivate: 'Désactiver',
    itemsDeleted: '%{smart_count} élément supprimé |||| %{smart_count} éléments supprimés',
    landminesDeleted: '%{smart_count} sujet sensible supprimé |||| %{smart_count} sujets sensibles supprimés',
    landminesActivated: '%{smart_count} sujet sensible activé |||| %{smart_count} sujets sensibles activés',
    landminesDeactivated: '%{smart_count} sujet sensible désactivé |||| %{smart_count} sujets sensibles désactivés',
    nothingToChange: 'Les sujets sensibles sélectionnés ont déjà ce statut',
    failed: '%{smart_count} modification a échoué : %{reason} |||| %{smart_count} modifications ont échoué : %{reason}',
    missing: 'supprimé entre-temps par quelqu’un d’autre',
    failedFallback: "La modification n'a pas pu être enregistrée",
  },
};
