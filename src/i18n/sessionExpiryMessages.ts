/** The expiry warning and its sign-in dialog (src/customPages/auth/ExpiryWarning.tsx, docs/security.md). */
export const sessionExpiryMessages = {
  warning:
    'Your session could not be renewed and ends in %{smart_count} minute. Sign in again to keep your work. |||| Your session could not be renewed and ends in %{smart_count} minutes. Sign in again to keep your work.',
  signInAgain: 'Sign in again',
  dialogTitle: 'Sign in again',
  dialogText: 'Enter your password to keep working. The page and what you have typed stay as they are.',
  otherAccount: 'Only the signed-in account can continue this session. To use another account, log out first.',
};
