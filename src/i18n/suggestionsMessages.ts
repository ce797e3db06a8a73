/** The Suggested variations screen: what calls said that the dictionary nearly recognised. */
export const suggestionsMessages = {
  title: 'Suggested variations',
  open: 'Suggested variations',
  back: 'Back to the dictionary',
  intro:
    'Customers said these on completed calls, and the objection or FAQ they came closest to did not fire. Add one as a variation so the assistant recognises it next time, or dismiss it.',
  loading: 'Loading suggestions...',
  failed: 'The suggestions could not be loaded.',
  retry: 'Try again',
  empty: 'No suggestions right now. New ones appear as completed calls are read.',
  count: '%{smart_count} suggestion |||| %{smart_count} suggestions',
  more: 'Showing the %{shown} highest-scoring of %{total} suggestions.',
  kinds: { objection: 'Objection', faq: 'FAQ' },
  quoted: '“%{text}”',
  details: 'Scored %{percent}, %{reason}, %{heard}',
  heardOn: 'heard on %{smart_count} call |||| heard on %{smart_count} calls',
  reasons: {
    belowThreshold: 'below the threshold',
    tooClose: 'too close to “%{runnerUp}”',
  },
  call: 'Call: %{name}',
  add: 'Add as variation',
  dismiss: 'Dismiss',
  added: 'Added “%{text}” as a variation of “%{question}”.',
  dismissed: 'Dismissed “%{text}”.',
  actionFailed: 'The suggestion could not be updated.',
};
