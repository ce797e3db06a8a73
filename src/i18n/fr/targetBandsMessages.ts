import type { targetBandsMessages as english } from '@/i18n/targetBandsMessages';

/** French twin of ../targetBandsMessages.ts. */
export const targetBandsMessages: typeof english = {
  title: 'Plages cibles des commerciaux',
  description:
    "Les statistiques signalent le chiffre d'un commercial qui sort de sa plage. Laissez une borne vide pour laisser ce côté ouvert.",
  loading: 'Chargement des plages cibles...',
  loadFailed: 'Échec du chargement des plages cibles',
  retry: 'Réessayer',
  stale: 'Ces valeurs peuvent être périmées : la dernière actualisation a échoué.',
  metrics: {
    talkRatio: 'Temps de parole (%)',
    alertsPerHour: 'Alertes de débit par heure',
    questionsPerCall: 'Questions par appel',
    landminesPer10Calls: 'Sujets sensibles pour 10 appels',
  },
  min: '%{metric} : minimum',
  max: '%{metric} : maximum',
  helper: 'De %{min} à %{max} ; vide pour aucune',
  errors: {
    minAboveMax: 'Le minimum ne doit pas dépasser le maximum',
    outOfRange: 'Doit être un nombre de %{min} à %{max}',
  },
  band: '%{metric} de %{min} à %{max}',
  defaults: 'Valeurs par défaut : %{bands}.',
  useDefaults: 'Revenir aux valeurs par défaut',
  save: 'Enregistrer',
  saving: 'Enregistrement...',
  saved: 'Plages cibles mises à jour',
  saveFailed: "Échec de l'enregistrement des plages cibles",
};
