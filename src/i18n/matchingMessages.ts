/** The Settings page's "Phrase matching" card: the embedding model's threshold, its calibration and its what-if. */
export const matchingMessages = {
  title: 'Phrase matching',
  description:
    "How close a customer's phrase must come to an objection or FAQ before the assistant shows it. Each embedding model scores on its own scale, so the threshold is calibrated from the dictionary itself.",
  loading: 'Loading phrase matching settings...',
  loadFailed: 'Failed to load phrase matching settings',
  retry: 'Retry',
  stale: 'These values may be out of date: the latest refresh failed. Saving stays off until a refresh succeeds.',
  model: 'Embedding model: %{model}',
  current: {
    calibrated: 'Threshold: %{percent}, calibrated from the dictionary on %{date}',
    calibratedUndated: 'Threshold: %{percent}, calibrated from the dictionary',
    admin: 'Threshold: %{percent}, set by an admin',
    default: "Threshold: %{percent}, the model's default",
  },
  calibratedThreshold: 'The calibrated threshold is %{percent}.',
  calibrationSize: 'Calibrated on %{texts} texts of %{items} items.',
  margin: 'An objection or FAQ fires only when it also leads the next item by at least %{points} points.',
  pending: 'Calibration waits for %{smart_count} pending embedding. |||| Calibration waits for %{smart_count} pending embeddings.',
  candidate: 'Threshold to try',
  candidateField: 'Threshold (%)',
  candidateHelper: 'Between %{min} and %{max}',
  whatIf: {
    title: 'What if',
    candidate: "At %{percent}: %{own} of the dictionary's texts would fire their own item when left out; %{other} would fire another item.",
    current:
      "Now, at %{percent}: %{own} of the dictionary's texts would fire their own item when left out; %{other} would fire another item.",
    noSample: 'The effect of another threshold shows once the dictionary has been calibrated.',
  },
  save: 'Save threshold',
  saving: 'Saving...',
  saved: 'Threshold saved',
  saveFailed: 'Failed to save the threshold',
  useCalibrated: 'Use the calibrated threshold',
  usingCalibrated: 'The calibrated threshold applies again',
  useCalibratedFailed: 'Failed to go back to the calibrated threshold',
  recalibrate: 'Recalibrate',
  recalibrating: 'Recalibrating...',
  recalibrated: 'Threshold recalibrated from the dictionary',
  recalibrateFailed: 'Failed to recalibrate the threshold',
  // the newer settings beside the admin's candidate after a version conflict
  theirs: 'Saved by someone else: %{percent}, %{source}',
  sources: { calibrated: 'calibrated from the dictionary', admin: 'set by an admin', default: "the model's default" },
  // docs/matching.md "Labelled phrases": the labels the calibration used, and what they do at a threshold
  labels: {
    used: 'Calibrated on %{smart_count} labelled phrase from %{calls} calls. |||| Calibrated on %{smart_count} labelled phrases from %{calls} calls.',
    notYet:
      "Calibrated on the dictionary's own texts: labelled phrases take over from %{labels} labels from %{calls} calls (%{now} from %{nowCalls} calls so far).",
    candidate:
      'At %{percent}, of the %{smart_count} labelled phrases: %{right} of %{withItem} naming an item fire it, %{wrong} fire a wrong item, %{nothing} of %{nothingPhrases} that should fire nothing fire.',
    current:
      'Now, at %{percent}, of the %{smart_count} labelled phrases: %{right} of %{withItem} naming an item fire it, %{wrong} fire a wrong item, %{nothing} of %{nothingPhrases} that should fire nothing fire.',
    none: "No labelled phrases in the last calibration: mark detections right or wrong on a call's timeline, then Recalibrate.",
    since:
      '%{smart_count} labelled phrase since the last calibration: Recalibrate to count it. |||| %{smart_count} labelled phrases since the last calibration: Recalibrate to count them.',
  },
  tryPhrase: {
    label: { customer: 'Try what a customer says at this threshold', salesperson: 'Try what a salesperson says at this threshold' },
    fires: 'At %{percent}: fires “%{item}” (%{score}).',
    silent: 'At %{percent}: fires nothing; the closest is “%{item}” (%{score}).',
    nothingClose: 'At %{percent}: fires nothing; no item comes close.',
  },
  // the landmines' own threshold, beside the objections' one
  landmines: {
    title: 'Landmines',
    current: {
      calibrated: "Landmine threshold: %{percent}, calibrated for recall on the landmines' texts",
      admin: 'Landmine threshold: %{percent}, set by an admin',
      default: "Landmine threshold: %{percent}, the model's default",
    },
    calibratedThreshold: 'The calibrated landmine threshold is %{percent}.',
    rule: 'What the salesperson says fires the closest landmine from this threshold, with no margin, unless one of its can-say points is closer: a missed breach costs more than a false warning.',
    candidate: 'Landmine threshold to try',
    candidateField: 'Landmine threshold (%)',
    whatIf: {
      candidate: "At %{percent}: %{own} of the landmines' own phrasings would fire their landmine when left out.",
      current: "Now, at %{percent}: %{own} of the landmines' own phrasings would fire their landmine when left out.",
      noSample: 'The effect of another landmine threshold shows once the dictionary has been calibrated.',
    },
    save: 'Save landmine threshold',
    saved: 'Landmine threshold saved',
    saveFailed: 'Failed to save the landmine threshold',
    useCalibrated: 'Use the calibrated landmine threshold',
    usingCalibrated: 'The calibrated landmine threshold applies again',
    useCalibratedFailed: 'Failed to go back to the calibrated landmine threshold',
  },
};
