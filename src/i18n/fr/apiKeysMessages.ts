import type { apiKeysMessages as englishKeys, configVersionMessages as englishVersion } from '@/i18n/apiKeysMessages';

/** The French twin of apiKeysMessages. */
export const apiKeysMessages: typeof englishKeys = {
  title: 'Clés de service',
  intro:
    "Les clés de service permettent à l'assistant en direct, ou à un autre de vos services, d'appeler l'API de l'assistant : lire la configuration et transmettre les sessions d'appel. La référence de l'API est sur /api/docs.",
  create: 'Créer une clé',
  refresh: 'Actualiser',
  loading: 'Chargement des clés de service...',
  empty: "Aucune clé de service pour l'instant.",
  columns: {
    name: 'Nom',
    prefix: 'Clé',
    scopes: 'Portées',
    created: 'Créée',
    lastUsed: 'Dernière utilisation',
    status: 'État',
    actions: 'Actions',
  },
  createdBy: 'par %{who}',
  never: 'Jamais',
  active: 'Active',
  revokedOn: 'Révoquée le %{date}',
  scopes: {
    'config:read': 'Lire la configuration (config:read)',
    'sessions:write': "Écrire les sessions d'appel (sessions:write)",
    'metrics:read': 'Lire les métriques du serveur, pour Prometheus (metrics:read)',
  },
  dialog: {
    createTitle: 'Créer une clé de service',
    name: 'Nom',
    nameHelp: "Qui ou quoi l'utilise, par ex. « Assistant en direct (production) ».",
    scopes: 'Portées',
    cancel: 'Annuler',
    submit: 'Créer',
    submitting: 'Création...',
    secretTitle: 'Votre nouvelle clé de service',
    secretWarning:
      "Copiez cette clé maintenant et conservez-la en lieu sûr. Elle ne sera plus affichée : le portail n'en garde qu'une empreinte.",
    secretLabel: 'Clé de service',
    copy: 'Copier',
    copied: 'Copiée dans le presse-papiers.',
    copyManually: 'La clé est sélectionnée : appuyez sur Ctrl+C (⌘C sur Mac) pour la copier.',
    done: 'Terminé',
  },
  revoke: {
    action: 'Révoquer',
    label: 'Révoquer %{name}',
    title: 'Révoquer cette clé de service ?',
    message: 'Les appels avec « %{name} » seront refusés dès maintenant. Cette action est irréversible.',
    cancel: 'Annuler',
    confirm: 'Révoquer',
  },
  messages: {
    created: 'Clé de service créée',
    revoked: 'Clé de service révoquée',
  },
  errors: {
    fetch: 'Échec du chargement des clés de service',
    create: 'Échec de la création de la clé de service',
    revoke: 'Échec de la révocation de la clé de service',
    nameRequired: 'Veuillez saisir un nom',
    scopeRequired: 'Choisissez au moins une portée',
  },
};

export const configVersionMessages: typeof englishVersion = {
  current: 'Version de la configuration %{version}',
  updatedAt: 'modifiée le %{date}',
  settingsHelp:
    "L'assistant lit la configuration (dictionnaire, sujets sensibles, débit de parole) avec cette version ; chaque modification l'augmente.",
  unavailable: "La version de la configuration n'a pas pu être chargée.",
  session: 'Version de la configuration %{version}',
  sessionUnknown: 'Version de la configuration inconnue',
  changesSince: "Modifiée depuis (version %{current}) : voir le journal d'audit",
  live: 'En direct : mise à jour à chaque événement',
  quiet: 'En cours, mais aucun événement depuis le %{time} : l’assistant s’est peut-être arrêté sans clore l’appel',
};
