import type { RuntimeConfig } from '@/config';
import { createFirebaseAuthPort } from './firebasePort';
import { createPortalAuth } from './portalAuth';
import { noteSessionEnded } from './sessionEnd';
import type { PortalAuth } from './types';

export const createPortalAuthFromConfig = (config: RuntimeConfig): PortalAuth =>
  createPortalAuth({
    auth: createFirebaseAuthPort(config),
    allowedUids: config.adminUids,
    storage: window.localStorage,
    onSessionLost: (user) => noteSessionEnded('expired', user.uid),
  });
