import type { auditMessages as english } from '@/i18n/auditMessages';

/** The French twin of auditMessages. */
export const auditMessages: typeof english = {
  audit: {
    fields: {
      at: 'Date',
      actorEmail: 'Auteur',
      action: 'Action',
      targetType: 'Type de cible',
      targetId: 'ID de la cible',
      changes: 'Modifications',
    },
  },
  export: {
    progress: 'Export : %{exported} lignes sur %{total}…',
    done: '%{exported} ligne exportée |||| %{exported} lignes exportées',
    limitReached: '%{exported} lignes exportées sur %{total} (limite atteinte)',
    failed: "L'export a échoué. Veuillez réessayer.",
  },
  resources: {
    filters: {
      from: '%{field} à partir du',
      to: "%{field} jusqu'au",
    },
  },
};
