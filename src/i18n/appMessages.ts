/**
 * The portal's own strings (spec messages verbatim), without react-admin's: the sign-in
 * pages read these through the tiny translate and must not pull in react-admin's catalogue.
 */
export const appMessages = {
  productName: 'Sales Coach AI',
  adminPortal: 'Admin Portal',
  loading: 'Loading...',
  language: 'Language',
  auth: {
    // spec 4, 6
    accessDenied: 'Access denied. Your account is not authorized to access the admin portal.',
    noPermission: "Your account doesn't have the required permission.",
    // spec 8
    refreshFailed: 'Failed to refresh token',
    sessionExpired: 'Your session has expired. Please log in again.',
    reset: {
      userNotFound: 'No account found with this email address',
      invalidEmail: 'Invalid email address',
      tooManyRequests: 'Too many requests. Please try again later',
      failed: 'Failed to send password reset email',
      sent: 'Password reset email sent! Check your inbox.',
      emailRequired: 'Please enter your email address',
    },
    // the identity provider's error codes, worded (customPages/auth/authMessages.ts)
    identity: {
      wrongCredentials: 'Incorrect email or password.',
      missingPassword: 'Please enter your password',
      userDisabled: 'This account has been disabled. Please contact an administrator.',
      tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
      network: 'Cannot reach the sign-in service. Check your connection and try again.',
      emailInUse: 'An account with this email address already exists. Sign in, or reset its password.',
      passwordRequirements: 'The password does not meet the password policy.',
      operationNotAllowed: 'Email and password sign-in is not enabled. Please contact an administrator.',
      signupClosed: 'Sign-up is closed. Please ask an administrator for an account.',
      storageBlocked: 'This browser blocks the storage that sign-in needs. Allow site data for this portal and try again.',
      notConfigured: 'The sign-in service is not set up for this portal. Please contact an administrator.',
      signInFailed: 'Sign-in failed. Please try again.',
      signUpFailed: 'Sign-up failed. Please try again.',
    },
  },
  http: {
    timeout: 'The server took too long to respond. Please try again.',
    networkError: 'Cannot reach the server. Check your connection and try again.',
    // a failed call's message and the id of its request, to quote to whoever runs the server
    withRequestId: '%{message} (request ID: %{requestId})',
    // a failing list says so at once, and what its rows are worth
    retrying: 'Trying again...',
    retry: 'Retry',
    staleRows: 'The rows below were loaded at %{time} and may be out of date.',
  },
  login: {
    title: 'Sign In',
    email: 'Email Address',
    password: 'Password',
    submit: 'Sign In',
    submitting: 'Signing in...',
    forgotPassword: 'Forgot Password?',
    toSignup: "Don't have an account? Sign Up",
    resetTitle: 'Reset Password',
    resetInfo: "Enter your email address and we'll send you a link to reset your password.",
    sendReset: 'Send Reset Email',
    sending: 'Sending...',
    backToSignIn: 'Back to Sign In',
  },
  signup: {
    title: 'Sign Up',
    email: 'Email Address',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    passwordHelper: 'Password must be at least 6 characters',
    submit: 'Sign Up',
    submitting: 'Signing up...',
    toLogin: 'Already have an account? Sign In',
    // spec 5
    allRequired: 'Please fill in all fields',
    passwordTooShort: 'Password must be at least 6 characters long',
    passwordsMismatch: 'Passwords do not match',
  },
  layout: {
    guest: 'Guest',
    openMenu: 'Open navigation menu',
    logout: 'Logout',
    navigation: 'Main navigation',
    skipToContent: 'Skip to main content',
    menu: {
      dashboard: 'Dashboard',
      sessions: 'Sessions',
      insights: 'Insights',
      dictionary: 'Dictionary',
      users: 'Users',
      audit: 'Audit Log',
      apiKeys: 'Service Keys',
      settings: 'Settings',
    },
    titles: {
      dashboard: 'Dashboard',
      sessions: 'Conversation Sessions',
      insights: 'Insights',
      dictionary: 'Dictionary Management',
      users: 'User Management',
      settings: 'Settings',
      transcripts: 'Call Transcripts',
      audit: 'Audit Log',
      apiKeys: 'Service Keys',
    },
  },
  dashboard: {
    notYetAvailable: 'Not yet available',
    welcome: 'Welcome to the Admin Portal',
    subtitle: 'Manage the AI sales assistant, its users and its data.',
    cards: {
      aiControl: {
        title: 'AI Sales Assistant Control',
        description: 'Configure how the assistant coaches salespeople during live calls.',
      },
      users: {
        title: 'User Management',
        description: 'Manage the accounts, roles and access of assistant users.',
      },
      analytics: {
        title: 'Analytics & Reports',
        description: 'Review call performance, detections and sentiment trends.',
      },
      system: {
        title: 'System Dashboard',
        description: 'Monitor the health and configuration of the system.',
      },
    },
    // the placeholders the spec keeps say so
    quickActions: {
      note: 'Placeholders: these actions are not available yet.',
      title: 'Quick Actions',
      configureAi: 'Configure AI Settings',
      viewLogs: 'View System Logs',
      manageRemoteConfig: 'Manage Remote Config',
      exportReports: 'Export Reports',
    },
  },
  transcripts: {
    title: 'Call Transcripts',
    note: 'Call transcript functionality is yet to be implemented.',
  },
  settings: {
    title: 'Settings',
    placeholderNote: 'A placeholder: these settings are not saved and change nothing yet.',
    speechRate: {
      title: 'Speech Rate Monitoring',
      description: 'Alert salespeople when they speak too many words within a time window.',
      enabled: 'Enable speech rate monitoring',
      timeWindow: 'Time Window (seconds)',
      maxWords: 'Max Words',
      timeWindowHelper: 'Between %{min} and %{max} seconds',
      maxWordsHelper: 'Between %{min} and %{max} words',
      save: 'Save',
      saving: 'Saving...',
      loading: 'Loading speech rate settings...',
      // spec 8
      loadFailed: 'Failed to load speech rate settings',
      saveFailed: 'Failed to save speech rate settings',
      saved: 'Speech rate settings updated successfully',
      // version conflicts (docs/api.md "Versions")
      stale: 'These values may be out of date: the latest refresh failed. Save stays off until a refresh succeeds.',
      retry: 'Retry',
      theirs: 'Saved by someone else: %{enabled}, %{time_window} s, %{max_words} words',
      on: 'on',
      off: 'off',
    },
    // the speech-rate what-if
    speechRatePreview: {
      title: 'What if',
      loading: 'Counting alerts on recent sessions...',
      result:
        'On the last %{sessions} completed sessions, these values would have raised %{smart_count} alert; the saved values raised %{currentAlerts}. |||| On the last %{sessions} completed sessions, these values would have raised %{smart_count} alerts; the saved values raised %{currentAlerts}.',
      disabled:
        'With monitoring off, no alerts would be raised (the saved values raised %{currentAlerts} on the last %{sessions} completed sessions).',
      noSessions: 'No completed sessions yet: nothing to compare with.',
      failed: 'The preview could not be computed.',
    },
    ai: {
      title: 'AI Assistant Configuration',
      enable: 'Enable AI Assistant',
      autoRespond: 'Auto-respond to queries',
      debug: 'Debug mode',
    },
    system: {
      title: 'System Configuration',
      apiEndpoint: 'API Endpoint',
      maxConnections: 'Max Concurrent Connections',
      save: 'Save Settings',
    },
  },
  // an edit that started from an older version (409 VERSION_CONFLICT)
  versions: {
    conflict: 'Someone else changed this since you opened it. Reload to see their version; what you typed is kept.',
    reload: 'Reload',
    reloaded: 'Their version is shown beside your text, which is kept. Save again to replace theirs with yours.',
    reloadFailed: 'Could not load their version. Try again.',
    // a delete asked from a row someone else changed since it was shown: nothing was deleted
    deleteConflict:
      'Someone else changed this since you opened it, so it was not deleted. The list now shows their version; delete again if it should still go.',
    deleteReloaded: 'Their version is shown below. Delete again to delete it as it is now.',
  },
  error: {
    // spec 2: global error fallback
    title: 'Something went wrong',
    message: 'An unexpected error occurred. Please try refreshing the page.',
    reload: 'Reload Page',
  },
};
