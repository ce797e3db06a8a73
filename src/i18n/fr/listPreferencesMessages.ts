import type { listPreferencesMessages as english } from '@/i18n/listPreferencesMessages';

/** French twin of ../listPreferencesMessages.ts. */
export const listPreferencesMessages: typeof english = {
  columns: {
    button: 'Colonnes',
    buttonHidden: 'Colonnes (%{smart_count} masquée) |||| Colonnes (%{smart_count} masquées)',
    menu: 'Colonnes à afficher',
    alwaysShown: 'Toujours affichée',
    reset: 'Réinitialiser les colonnes',
  },
  queries: {
    button: 'Requêtes enregistrées',
    count: '%{smart_count} requête enregistrée |||| %{smart_count} requêtes enregistrées',
    empty: 'Aucune requête enregistrée. Choisissez les filtres et la recherche, puis enregistrez-les ici.',
    save: 'Enregistrer la requête actuelle',
    saveTitle: 'Enregistrer les filtres et la recherche actuels',
    name: 'Nom',
    nameRequired: 'Donnez un nom à la requête',
    replaces: 'La requête enregistrée sous ce nom sera remplacée.',
    apply: 'Appliquer %{name}',
    delete: 'Supprimer la requête enregistrée %{name}',
  },
};
