/**
 * Strings of the audit log, the CSV export and the generated resource views.
 * Spread into `app` by en.ts.
 */
export const auditMessages = {
  audit: {
    fields: {
      at: 'When',
      actorEmail: 'Who',
      action: 'Action',
      targetType: 'Target type',
      targetId: 'Target ID',
      changes: 'Changes',
    },
  },
  export: {
    progress: 'Exported %{exported} of %{total} rows…',
    done: 'Exported %{exported} row |||| Exported %{exported} rows',
    limitReached: 'Exported %{exported} of %{total} rows (limit reached)',
    failed: 'The export failed. Please try again.',
  },
  resources: {
    filters: {
      from: '%{field} from',
      to: '%{field} to',
    },
  },
};
