import type { suggestionsMessages as english } from '@/i18n/suggestionsMessages';

/** French twin of ../suggestionsMessages.ts. */

export const suggestionsMessages: typeof english = {
  title: 'Variantes suggérées',
  open: 'Variantes suggérées',
  back: 'Retour au dictionnaire',
  intro:
    "Des clients ont dit ces phrases lors d'appels terminés, et l'objection ou la FAQ la plus proche ne s'est pas déclenchée. Ajoutez-en une comme variante pour que l'assistant la reconnaisse la prochaine fois, ou écartez-la.",
  loading: 'Chargement des suggestions...',
  failed: 'Impossible de charger les suggestions.',
  retry: 'Réessayer',
  empty: "Aucune suggestion pour l'instant. Les nouvelles apparaissent à mesure que les appels terminés sont lus.",
  count: '%{smart_count} suggestion |||| %{smart_count} suggestions',
  more: 'Les %{shown} suggestions au score le plus élevé sur %{total}.',
  kinds: { objection: 'Objection', faq: 'FAQ' },
  quoted: '« %{text} »',
  details: 'Score %{percent}, %{reason}, %{heard}',
  heardOn: 'entendue dans %{smart_count} appel |||| entendue dans %{smart_count} appels',
  reasons: {
    belowThreshold: 'sous le seuil',
    tooClose: 'trop proche de « %{runnerUp} »',
  },
  call: 'Appel : %{name}',
  add: 'Ajouter comme variante',
  dismiss: 'Écarter',
  added: '« %{text} » ajoutée comme variante de « %{question} ».',
  dismissed: '« %{text} » écartée.',
  actionFailed: 'Impossible de mettre à jour la suggestion.',
};
