import type { searchMessages as english } from '@/i18n/searchMessages';

/** The French twin of searchMessages (keys app.search.*). */
export const searchMessages: typeof english = {
  intro: "Trouvez chaque appel où un mot a été dit : les transcriptions et les questions détectées par l'assistant.",
  query: 'Mots dits',
  queryHint: 'Les mots anglais et français trouvent toutes leurs formes (prix, contrat, contrats).',
  empty: 'Saisissez un ou plusieurs mots pour chercher dans tous les appels.',
  none: 'Rien de dit dans un appel ne correspond à ces mots et filtres.',
  loading: 'Recherche...',
  results: 'Résultats de la recherche',
  range: '%{from}-%{to} sur %{count} résultats',
  from: 'Appels depuis',
  to: "Appels jusqu'au",
  rep: 'Commercial (e-mail)',
  status: 'Statut',
  speaker: 'Interlocuteur',
  any: 'Tous',
  question: 'Question détectée',
  at: "%{offset} dans l'appel",
  open: 'Ouvrir %{name} à %{offset}',
  error: "La recherche n'a pas pu être faite.",
  fields: {
    sessionName: 'Appel',
    userEmail: 'Commercial',
    startTime: "Début de l'appel",
    timestamp: 'Dit à',
    speaker: 'Interlocuteur',
    text: 'Phrase',
  },
};
