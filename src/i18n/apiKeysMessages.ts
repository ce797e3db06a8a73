/**
 * Strings of the assistant's API in the portal: the Service Keys screen, and the
 * configuration version on the Settings page and the session detail. Wired into `app` by en.ts.
 */
export const apiKeysMessages = {
  title: 'Service Keys',
  intro:
    'Service keys let the live assistant, or another service of yours, call the assistant API: read the configuration and stream call sessions. The API reference is at /api/docs.',
  create: 'Create key',
  refresh: 'Refresh',
  loading: 'Loading service keys...',
  empty: 'No service keys yet.',
  columns: {
    name: 'Name',
    prefix: 'Key',
    scopes: 'Scopes',
    created: 'Created',
    lastUsed: 'Last used',
    status: 'Status',
    actions: 'Actions',
  },
  createdBy: 'by %{who}',
  never: 'Never',
  active: 'Active',
  revokedOn: 'Revoked %{date}',
  scopes: {
    'config:read': 'Read the configuration (config:read)',
    'sessions:write': 'Write call sessions (sessions:write)',
    'metrics:read': 'Read the server metrics, for Prometheus (metrics:read)',
  },
  dialog: {
    createTitle: 'Create a service key',
    name: 'Name',
    nameHelp: 'Who or what uses it, e.g. "Live assistant (production)".',
    scopes: 'Scopes',
    cancel: 'Cancel',
    submit: 'Create',
    submitting: 'Creating...',
    secretTitle: 'Your new service key',
    secretWarning: 'Copy this key now and keep it somewhere safe. It will not be shown again: the portal stores only a hash of it.',
    secretLabel: 'Service key',
    copy: 'Copy',
    copied: 'Copied to the clipboard.',
    copyManually: 'The key is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
    done: 'Done',
  },
  revoke: {
    action: 'Revoke',
    label: 'Revoke %{name}',
    title: 'Revoke this service key?',
    message: 'Calls with "%{name}" will be refused from now on. This cannot be undone.',
    cancel: 'Cancel',
    confirm: 'Revoke',
  },
  messages: {
    created: 'Service key created',
    revoked: 'Service key revoked',
  },
  errors: {
    fetch: 'Failed to load the service keys',
    create: 'Failed to create the service key',
    revoke: 'Failed to revoke the service key',
    nameRequired: 'Please enter a name',
    scopeRequired: 'Choose at least one scope',
  },
};

export const configVersionMessages = {
  current: 'Configuration version %{version}',
  updatedAt: 'last changed %{date}',
  settingsHelp: 'The assistant reads the configuration (dictionary, landmines, speech rate) with this version; every change raises it.',
  unavailable: 'The configuration version could not be loaded.',
  session: 'Configuration version %{version}',
  sessionUnknown: 'Configuration version unknown',
  changesSince: 'Changed since (version %{current}): see the audit log',
  live: 'Live: updating as events arrive',
  quiet: 'In progress, but no event since %{time}: the assistant may have stopped without completing the call',
};
