import type { RuntimeConfig } from '@/config';
import { createFirebaseAuthPort } from './firebasePort';
import { createPortalAuth } from './portalAuth';
import type { PortalAuth } from './types';

/** The app's PortalAuth: real Firebase Auth, the configured whitelist, localStorage. */
export const createPortalAuthFromConfig = (config: RuntimeConfig): PortalAuth =>
  createPortalAuth({
    auth: createFirebaseAuthPort(config),
    allowedUids: config.adminUids,
    storage: window.localStorage,
  });
