import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ERROR_CODES } from '../../src/contract/common';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { IdentityUnavailableError, type Identity, type VerifiedIdToken } from '../services/identity';
import { ApiHttpError } from './errors';

export interface AdminPrincipal {
  uid: string;
  email: string | null;
  /** users.id of the admin's profile */
  userId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Skip authentication (DESIGN.md 5: only GET /api/health). */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in admin; set by the auth hook on every non-public /api route. */
    admin: AdminPrincipal;
  }
}

const MESSAGES = {
  missing: 'Authentication required: send an ID token as "Authorization: Bearer <token>".',
  invalid: 'Your session has expired or is not valid. Please sign in again.',
  notAdmin: 'You need admin privileges to use this endpoint.',
  unavailable: 'The identity provider is unavailable. Please try again shortly.',
} as const;

const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
};

/** Logs the refusal as a security event and throws the client's 401 or 403. */
const deny = (request: FastifyRequest, status: 401 | 403, reason: string, message: string): never => {
  request.log.warn({ event: 'auth.denied', reason, method: request.method, url: request.url }, 'request denied');
  throw new ApiHttpError(status, status === 401 ? ERROR_CODES.notAuthenticated : ERROR_CODES.notAdmin, message);
};

/** The uid's profile; an unknown uid is a self sign-up and gets a plain 'user' profile. */
const findOrCreateProfile = async (db: Database, token: VerifiedIdToken) => {
  const [existing] = await db.select().from(users).where(eq(users.uid, token.uid)).limit(1);
  if (existing) return existing;
  await db
    .insert(users)
    .values({ uid: token.uid, email: token.email ?? '', name: token.name ?? '', role: 'user' })
    .onConflictDoNothing({ target: users.uid });
  const [created] = await db.select().from(users).where(eq(users.uid, token.uid)).limit(1);
  return created;
};

const createAuthenticate =
  ({ db, identity }: { db: Database; identity: Identity }): onRequestHookHandler =>
  async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return deny(request, 401, 'missing token', MESSAGES.missing);
    let verified: VerifiedIdToken;
    try {
      verified = await identity.verifyIdToken(token, true);
    } catch (error) {
      if (error instanceof IdentityUnavailableError) {
        request.log.error({ event: 'auth.unavailable', err: error }, 'identity provider unavailable');
        throw new ApiHttpError(503, ERROR_CODES.authUnavailable, MESSAGES.unavailable);
      }
      return deny(request, 401, `invalid token: ${error instanceof Error ? error.message : 'rejected'}`, MESSAGES.invalid);
    }
    const profile = await findOrCreateProfile(db, verified);
    // Last Login is the latest sign-in of anyone who calls the API, admin or not (issue 4).
    const signedInAt = new Date(verified.authTime * 1000);
    if (profile && (!profile.lastLogin || profile.lastLogin < signedInAt)) {
      await db.update(users).set({ lastLogin: signedInAt }).where(eq(users.id, profile.id));
    }
    // Admin rights come from the uid's database role, never from the email or the client.
    if (!profile || profile.role !== 'admin' || !profile.isActive || profile.deletedAt) {
      return deny(request, 403, profile ? `not an active admin (role ${profile.role})` : 'no profile', MESSAGES.notAdmin);
    }
    request.admin = { uid: profile.uid, email: verified.email ?? profile.email, userId: profile.id };
  };

/**
 * Deny by default (DESIGN.md 5): every route under /api gets the authentication hook when it
 * is registered, unless it says `config: { public: true }`. Install before the routes.
 */
export const installAuth = (app: FastifyInstance, options: { db: Database; identity: Identity }): void => {
  const authenticate = createAuthenticate(options);
  app.decorateRequest('admin', null as unknown as AdminPrincipal);
  app.addHook('onRoute', (route) => {
    const underApi = route.url === '/api' || route.url.startsWith('/api/');
    if (!underApi || route.config?.public) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, authenticate];
  });
};
