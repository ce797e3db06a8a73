import type { sessionErasureMessages as english } from '@/i18n/sessionErasureMessages';

/** French twin of ../sessionErasureMessages.ts. */
export const sessionErasureMessages: typeof english = {
  delete: 'Supprimer la session',
  deleteTitle: 'Supprimer cette session ?',
  deleteMessage:
    "L'appel « %{name} » de %{rep} (%{date}) sera effacé : sa transcription, ses détections, son sentiment, ses alertes de débit et sa part des statistiques. Cette action est irréversible.",
  deleteConfirm: 'Supprimer définitivement',
  cancel: 'Annuler',
  deleted: 'Session « %{name} » effacée',
  deleteFailed: "Impossible d'effacer la session",
  eraseRep: 'Effacer les appels de ce commercial',
  eraseRepHint: 'Effacer tous les appels de %{rep}, pour une demande relative à la vie privée',
  eraseRepTitle: 'Effacer tous les appels de %{rep} ?',
  eraseRepMessage:
    '%{smart_count} appel de %{rep} sera effacé, avec sa transcription, ses détections, son sentiment, ses alertes de débit et sa part des statistiques. Cette action est irréversible. |||| Les %{smart_count} appels de %{rep} seront effacés, avec leurs transcriptions, détections, sentiment, alertes de débit et leur part des statistiques. Cette action est irréversible.',
  eraseRepConfirm: 'Effacer définitivement',
  eraseRepNone: "Aucun appel de %{rep} n'est enregistré.",
  repErased: '%{smart_count} appel de %{rep} effacé |||| %{smart_count} appels de %{rep} effacés',
  eraseRepFailed: "Impossible d'effacer les appels du commercial",
  countFailed: 'Impossible de compter les appels du commercial',
};
