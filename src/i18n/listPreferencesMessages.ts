/** The column chooser and the saved queries of the generated lists (src/shared/ColumnChooser.tsx, SavedQueries.tsx). */
export const listPreferencesMessages = {
  columns: {
    button: 'Columns',
    buttonHidden: 'Columns (%{smart_count} hidden) |||| Columns (%{smart_count} hidden)',
    menu: 'Columns to show',
    alwaysShown: 'Always shown',
    reset: 'Reset columns',
  },
  queries: {
    button: 'Saved queries',
    count: '%{smart_count} saved query |||| %{smart_count} saved queries',
    empty: 'No saved queries yet. Set the filters and the search, then save them here.',
    save: 'Save current query',
    saveTitle: 'Save the current filters and search',
    name: 'Name',
    nameRequired: 'Give the query a name',
    replaces: 'The saved query with this name will be replaced.',
    apply: 'Apply %{name}',
    delete: 'Delete saved query %{name}',
  },
};
