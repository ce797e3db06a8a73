/** Row selection and bulk actions on Users, the dictionary and landmines (docs/features.md, "Lists"). */
export const bulkMessages = {
  selected: '%{smart_count} selected |||| %{smart_count} selected',
  selectAll: 'Select all on this page',
  selectRow: 'Select %{name}',
  clear: 'Clear selection',
  working: 'Working...',
  deleted: {
    notSelectable: 'Deleted users cannot be selected: restore them first',
  },
  own: 'Your own account cannot be selected: you cannot disable it',
  users: {
    enable: 'Enable',
    disable: 'Disable',
    enabled: '%{smart_count} user enabled |||| %{smart_count} users enabled',
    disabled: '%{smart_count} user disabled |||| %{smart_count} users disabled',
    alreadyEnabled: '%{smart_count} already enabled |||| %{smart_count} already enabled',
    alreadyDisabled: '%{smart_count} already disabled |||| %{smart_count} already disabled',
    failed: '%{smart_count} failed: %{reason} |||| %{smart_count} failed: %{reason}',
    failedFallback: 'The change could not be saved',
    confirmDisable: {
      title: 'Disable users',
      message:
        'Disable %{smart_count} user? They are signed out at once and can no longer sign in. |||| Disable %{smart_count} users? They are signed out at once and can no longer sign in.',
      admins: 'Among them is an admin: %{emails}. |||| Among them are %{smart_count} admins: %{emails}.',
      cancel: 'Cancel',
    },
  },
  dictionary: {
    delete: 'Delete',
    activate: 'Activate',
    deactivate: 'Deactivate',
    itemsDeleted: '%{smart_count} item deleted |||| %{smart_count} items deleted',
    landminesDeleted: '%{smart_count} landmine deleted |||| %{smart_count} landmines deleted',
    landminesActivated: '%{smart_count} landmine activated |||| %{smart_count} landmines activated',
    landminesDeactivated: '%{smart_count} landmine deactivated |||| %{smart_count} landmines deactivated',
    nothingToChange: 'The selected landmines already have this status',
    failed: '%{smart_count} change failed: %{reason} |||| %{smart_count} changes failed: %{reason}',
    missing: 'deleted by someone else in the meantime',
    failedFallback: 'The change could not be saved',
  },
};
