import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ERROR_CODES } from '../../src/contract/common';
import type { Database, WriteGeneration } from '../db/client';
import { ApiHttpError } from '../errors';
import { IdentityUnavailableError, type Identity, type VerifiedIdToken } from '../services/identity';
import { createPrincipalResolver, type AdminPrincipal } from '../services/principal';
import { takesServiceKey } from './assistantAuth';
import { deniedFields } from './authDenied';
import type { RequestLimiter } from './rateLimits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** docs/security.md */
    public?: boolean;
  }
  interface FastifyRequest {
    admin: AdminPrincipal;
  }
}

const MESSAGES = {
  missing: 'Authentication required: send an ID token as "Authorization: Bearer <token>".',
  invalid: 'Your session has expired or is not valid. Please sign in again.',
  notAdmin: 'You need admin privileges to use this endpoint.',
  unavailable: 'The sign-in service cannot be reached right now. You are still signed in; please try again in a few seconds.',
} as const;

export const AUTH_UNAVAILABLE_RETRY_AFTER_S = 10;

const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
};

/** Logged as a security event. */
const deny = (request: FastifyRequest, status: 401 | 403, reason: string, message: string): never => {
  request.log.warn(deniedFields(request, reason), 'request denied');
  throw new ApiHttpError(status, status === 401 ? ERROR_CODES.notAuthenticated : ERROR_CODES.notAdmin, message);
};

export interface AuthOptions {
  db: Database;
  /** Profiles are reused between writes (services/principal.ts); null: read every time. */
  writes: WriteGeneration | null;
  identity: Identity;
  limits: { perUser: RequestLimiter; perAddress: RequestLimiter } | null;
}

const createAuthenticate = ({ db, writes, identity, limits }: AuthOptions): onRequestHookHandler => {
  const resolveAdmin = createPrincipalResolver(db, writes);
  return async (request) => {
    // Per address, so a shared proxy address never locks out the signed-in admins behind it (counted per uid).
    const refuseUnauthenticated = async (reason: string, message: string): Promise<never> => {
      await limits?.perAddress(request, `address:${request.ip}`);
      return deny(request, 401, reason, message);
    };
    const token = bearerToken(request.headers.authorization);
    if (!token) return refuseUnauthenticated('missing token', MESSAGES.missing);
    let verified: VerifiedIdToken;
    try {
      verified = await identity.verifyIdToken(token, true);
    } catch (error) {
      if (error instanceof IdentityUnavailableError) {
        // 503 keeps the portal's session (401 would sign out): an outage is not the admin's fault.
        request.log.error({ event: 'auth.unavailable', err: error }, 'identity provider unavailable');
        throw new ApiHttpError(503, ERROR_CODES.authUnavailable, MESSAGES.unavailable, {
          'retry-after': String(AUTH_UNAVAILABLE_RETRY_AFTER_S),
        });
      }
      return refuseUnauthenticated(`invalid token: ${error instanceof Error ? error.message : 'rejected'}`, MESSAGES.invalid);
    }
    await limits?.perUser(request, `uid:${verified.uid}`);

    const resolved = await resolveAdmin(verified);
    if (resolved.outcome === 'revoked') return deny(request, 401, 'session begun before the portal revoked it', MESSAGES.invalid);
    if (resolved.outcome === 'notAdmin') return deny(request, 403, resolved.reason, MESSAGES.notAdmin);
    request.admin = resolved.admin;
  };
};

/** Deny by default (docs/security.md): every /api route gets the hook unless it says `config: { public: true }`. */
export const installAuth = (app: FastifyInstance, options: AuthOptions): void => {
  const authenticate = createAuthenticate(options);
  app.decorateRequest('admin', null as unknown as AdminPrincipal);
  app.addHook('onRoute', (route) => {
    const underApi = route.url === '/api' || route.url.startsWith('/api/');
    if (!underApi || route.config?.public || takesServiceKey(route)) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, authenticate];
  });
};
