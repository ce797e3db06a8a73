import type { callEndMessages as english } from '@/i18n/callEndMessages';

/** French twin of ../callEndMessages.ts. */
export const callEndMessages: typeof english = {
  lastEvent: 'Dernier événement',
  lastEventAt: '%{date} (%{ago})',
  reason: 'Échec',
  reasons: {
    abandoned: 'Abandonné : aucun événement pendant la durée fixée dans les Paramètres',
    admin: 'Marqué en échec par un administrateur',
  },
  markFailed: 'Marquer en échec',
  markFailedTitle: 'Marquer cet appel en échec ?',
  markFailedMessage:
    "L'appel « %{name} » de %{rep} est toujours En cours ; son dernier événement est arrivé %{ago}. Le marquer en échec le termine là où son dernier événement l'a laissé, le compte dans les analyses comme un appel en échec et l'inscrit au journal d'audit. Cette action est irréversible.",
  markFailedConfirm: 'Marquer en échec',
  cancel: 'Annuler',
  markedFailed: 'Appel « %{name} » marqué en échec',
  markFailedFailed: "Impossible de marquer l'appel en échec",
  notInProgress: "Cet appel n'est plus en cours ; il n'a donc pas été marqué en échec. Rechargez pour voir comment il s'est terminé.",
  newEvents:
    "De nouveaux événements de cet appel sont arrivés depuis que vous l'avez ouvert ; il n'a donc pas été marqué en échec. Rechargez pour les voir.",
  reload: 'Recharger',
  settings: {
    title: 'Appels jamais terminés',
    description:
      "Un appel sans événement de l'assistant pendant cette durée est marqué En échec (abandonné), compté dans les analyses et inscrit au journal d'audit.",
    loading: 'Chargement des réglages des appels...',
    loadFailed: 'Échec du chargement des réglages des appels',
    retry: 'Réessayer',
    stale: 'Ces valeurs peuvent être périmées : la dernière actualisation a échoué.',
    minutes: 'Abandon après (minutes)',
    minutesHelper: 'De %{min} à %{max} minutes ; la valeur par défaut du serveur est %{default}.',
    save: 'Enregistrer',
    saving: 'Enregistrement...',
    saved: 'Réglages des appels mis à jour avec succès',
    saveFailed: "Échec de l'enregistrement des réglages des appels",
    theirs: 'Leur valeur : %{minutes} minutes.',
  },
};
