import englishMessages from 'ra-language-english';

/**
 * The English catalogue: every user-visible string of the portal (spec messages verbatim).
 * react-admin's own strings come from ra-language-english; ours live under `app.`.
 */
export const en = {
  ...englishMessages,
  app: {
    productName: 'Sales Coach AI',
    adminPortal: 'Admin Portal',
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
    },
  },
};

export type Catalogue = typeof en;
