/** Calls that never finished (keys app.callEnd.*): the call page's last event and Mark as failed, the Settings card. */
export const callEndMessages = {
  lastEvent: 'Last event',
  lastEventAt: '%{date} (%{ago})',
  reason: 'Failure',
  reasons: {
    abandoned: 'Abandoned: no event for the time set on Settings',
    admin: 'Marked failed by an admin',
  },
  markFailed: 'Mark as failed',
  markFailedTitle: 'Mark this call as failed?',
  markFailedMessage:
    'The call "%{name}" of %{rep} is still In Progress; its last event came in %{ago}. Marking it failed ends it where its last event left it, counts it in the insights as a failed call, and is recorded in the audit log. This cannot be undone.',
  markFailedConfirm: 'Mark as failed',
  cancel: 'Cancel',
  markedFailed: 'Call "%{name}" marked failed',
  markFailedFailed: 'Could not mark the call failed',
  notInProgress: 'This call is no longer in progress, so it was not marked failed. Reload to see how it ended.',
  newEvents: 'New events of this call came in since you opened it, so it was not marked failed. Reload to see them.',
  reload: 'Reload',
  settings: {
    title: 'Calls that never finished',
    description:
      'A call with no event from the assistant for this long is marked Failed (abandoned), counted in the insights and recorded in the audit log.',
    loading: 'Loading call settings...',
    loadFailed: 'Failed to load call settings',
    retry: 'Retry',
    stale: 'These values may be out of date: the last refresh failed.',
    minutes: 'Abandon after (minutes)',
    minutesHelper: 'From %{min} to %{max} minutes; the server default is %{default}.',
    save: 'Save',
    saving: 'Saving...',
    saved: 'Call settings updated successfully',
    saveFailed: 'Failed to save call settings',
    theirs: 'Their value: %{minutes} minutes.',
  },
};
