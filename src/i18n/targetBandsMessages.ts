/** The Settings card of the rep target bands (keys app.targetBands.*). */
export const targetBandsMessages = {
  title: 'Rep target bands',
  description: "Insights flags a rep's figure that falls outside its band. Leave an end empty to leave that side open.",
  loading: 'Loading target bands...',
  loadFailed: 'Failed to load target bands',
  retry: 'Retry',
  stale: 'These values may be out of date: the last refresh failed.',
  metrics: {
    talkRatio: 'Talk ratio (%)',
    alertsPerHour: 'Speech-rate alerts per hour',
    questionsPerCall: 'Questions per call',
    landminesPer10Calls: 'Landmines per 10 calls',
  },
  min: '%{metric}: minimum',
  max: '%{metric}: maximum',
  helper: 'From %{min} to %{max}; empty for none',
  errors: {
    minAboveMax: 'The minimum must not be above the maximum',
    outOfRange: 'Must be a number from %{min} to %{max}',
  },
  band: '%{metric} %{min} to %{max}',
  defaults: 'Defaults: %{bands}.',
  useDefaults: 'Use the defaults',
  save: 'Save',
  saving: 'Saving...',
  saved: 'Target bands updated successfully',
  saveFailed: 'Failed to save target bands',
};
