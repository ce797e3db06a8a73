import type { insightRepMessages as english } from '@/i18n/insightRepMessages';

/** French twin of ../insightRepMessages.ts. */
export const insightRepMessages: typeof english = {
  back: 'Retour aux statistiques',
  period: 'Du %{from} au %{to} : %{calls} de ce commercial, %{teamCalls} de l’équipe.',
  loadFailed: 'Les chiffres du commercial n’ont pas pu être chargés.',
  inCalls: 'dans %{count} appel |||| dans %{count} appels',
  timesTeam: '%{times}× l’équipe',
  columns: {
    rate: 'Pour 100 de ses appels',
    teamRate: 'Équipe, pour 100 appels',
  },
  figures: {
    title: 'Chiffres',
    description: 'Les chiffres du commercial sur la période, à côté de la médiane de l’équipe et de la plage cible fixée dans Réglages.',
    empty: 'Ce commercial n’a terminé aucun appel sur cette période.',
    table: 'Les chiffres du commercial',
    landminesPer10Calls: 'Sujets sensibles pour 10 appels',
    columns: { figure: 'Chiffre', rep: 'Ce commercial', team: 'Médiane de l’équipe', target: 'Cible' },
    between: '%{min} à %{max}',
    atLeast: 'au moins %{min}',
    atMost: 'au plus %{max}',
    link: '%{value}, %{figure} : les appels concernés',
  },
  weeks: {
    title: 'Semaine par semaine',
    description: 'Les appels, le temps de parole et le sentiment client du commercial, chaque semaine de la période.',
    table: 'Les semaines du commercial',
    columns: { week: 'Semaine du' },
    link: '%{count} appel la semaine du %{week} |||| %{count} appels la semaine du %{week}',
  },
  objections: {
    title: 'Les objections qu’il rencontre le plus',
    description: 'La fréquence de chaque objection dans les appels du commercial, face au taux de l’équipe.',
    empty: 'Aucune objection dans les appels de ce commercial sur cette période.',
    table: 'Objections, les plus fréquentes d’abord',
    columns: { objection: 'Objection', detections: 'Fois' },
    link: '%{count} fois : %{label} |||| %{count} fois : %{label}',
  },
  answers: {
    title: 'Sentiment après ses réponses',
    description:
      'L’évolution du sentiment client (de -2 à +2) après la réponse du commercial à chaque objection, à côté de toute l’équipe, avec intervalles à 95 %.',
    empty: 'Le commercial n’a répondu à aucune objection sur cette période.',
    table: 'Évolution du sentiment après chaque objection',
    columns: { rep: 'Après ses réponses', team: 'Après celles de l’équipe' },
    link: '%{effect} après ses réponses à %{label} : les appels',
  },
  landmines: {
    title: 'Sujets sensibles et alertes de débit',
    description: 'Les déclencheurs de conformité prononcés par le commercial et ses alertes de débit, face à l’équipe.',
    table: 'Sujets sensibles, les plus déclenchés d’abord',
    alerts: 'Alertes de débit : %{value} par heure (médiane de l’équipe %{team})',
    none: 'Aucun sujet sensible sur cette période.',
    link: '%{count} déclenchement : %{label} |||| %{count} déclenchements : %{label}',
  },
};
