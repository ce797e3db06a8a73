// Sign-in-page safe: nothing here imports react-admin or the dataProvider at run time.
export type { AuthUser, PortalAuth, SessionState, TokenInfo } from './types';
export { isTokenExpired, toTokenInfo, createTokenStore, type TokenStore, type IdTokenResultLike } from './tokenRules';
export { isWhitelisted } from './whitelist';
export { resetErrorKey, RESET_FAILED_KEY } from './resetErrors';
export {
  createPortalAuth,
  AccessDeniedError,
  REFRESH_FAILED_KEY,
  OTHER_ACCOUNT_KEY,
  type FirebaseAuthPort,
  type PortalAuthOptions,
  type ProviderUser,
} from './portalAuth';
export { createFirebaseAuthPort } from './firebasePort';
export { createPortalAuthFromConfig } from './createPortalAuthFromConfig';
export { firebaseAuthProvider } from './authProvider';
export { PortalAuthContext, usePortalAuth, useAuthUser, type AuthUserState } from './PortalAuthContext';
export { ACCESS_DENIED_STATE, clearLoginNotice, loginReturnPath, readLoginNotice, type LoginRouteState } from './sessionEnd';
export { useDashboardTokenCheck } from './useDashboardTokenCheck';
export { useSessionExpiry, sessionEndsAt, SESSION_WARNING_LEAD_MS, SESSION_CHECK_INTERVAL_MS } from './useSessionExpiry';
