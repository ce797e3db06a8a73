/** Erasing call sessions (keys app.sessionErasure.*): one session from its page, every call of one rep from the filtered Sessions list. */
export const sessionErasureMessages = {
  delete: 'Delete session',
  deleteTitle: 'Delete this session?',
  deleteMessage:
    'The call "%{name}" of %{rep} (%{date}) will be erased: its transcript, detections, sentiment, speech-rate alerts and its part of the insights. This cannot be undone.',
  deleteConfirm: 'Delete for good',
  cancel: 'Cancel',
  deleted: 'Session "%{name}" erased',
  deleteFailed: 'Could not erase the session',
  eraseRep: "Erase this rep's calls",
  eraseRepHint: 'Erase every call of %{rep}, for a privacy request',
  eraseRepTitle: 'Erase every call of %{rep}?',
  eraseRepMessage:
    '%{smart_count} call of %{rep} will be erased, with its transcript, detections, sentiment, speech-rate alerts and its part of the insights. This cannot be undone. |||| All %{smart_count} calls of %{rep} will be erased, with their transcripts, detections, sentiment, speech-rate alerts and their part of the insights. This cannot be undone.',
  eraseRepConfirm: 'Erase for good',
  eraseRepNone: 'No call of %{rep} is stored.',
  repErased: '%{smart_count} call of %{rep} erased |||| %{smart_count} calls of %{rep} erased',
  eraseRepFailed: "Could not erase the rep's calls",
  countFailed: "Could not count the rep's calls",
};
