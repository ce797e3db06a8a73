import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { API_KEY_MESSAGES, INSUFFICIENT_SCOPE, type ApiKeyScope } from '../../src/contract/apiKeys';
import { ERROR_CODES } from '../../src/contract/common';
import type { Database, WriteGeneration } from '../db/client';
import { ApiHttpError } from '../errors';
import { type ApiKeyPrincipal, createApiKeyVerifier, markKeyUsed, presentedKeyDigest, type VerifiedKey } from '../services/apiKeys';
import { deniedFields } from './authDenied';
import type { RequestLimiter } from './rateLimits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** docs/security.md "Service keys": the route then takes service keys, never ID tokens. */
    scope?: ApiKeyScope;
  }
  interface FastifyRequest {
    apiKey: ApiKeyPrincipal;
  }
}

export const ASSISTANT_PREFIX = '/api/assistant/';
export const isAssistantRoute = (url: string): boolean => url.startsWith(ASSISTANT_PREFIX);

/** Every /api/assistant route, and any other that declares a `config.scope` (GET /api/metrics). */
export const takesServiceKey = (route: { url: string; config?: { scope?: ApiKeyScope } }): boolean =>
  isAssistantRoute(route.url) || route.config?.scope !== undefined;

export interface AssistantAuthOptions {
  db: Database;
  writes: WriteGeneration | null;
  limits: { perKey: RequestLimiter; perAddress: RequestLimiter } | null;
}

const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
};

const deny = (request: FastifyRequest, status: 401 | 403, reason: string, code: string, message: string): never => {
  request.log.warn(deniedFields(request, reason), 'request denied');
  throw new ApiHttpError(status, code, message);
};

const createAuthenticate =
  (
    { db, limits }: AssistantAuthOptions,
    verifyApiKey: (presented: string) => Promise<VerifiedKey | null>,
    scope: ApiKeyScope | undefined,
  ): onRequestHookHandler =>
  async (request) => {
    const token = bearerToken(request.headers.authorization);
    // Counted by the digest of what was presented, before the lookup: a flood from one key never reaches the database.
    const digest = token ? presentedKeyDigest(token) : null;
    if (digest) await limits?.perKey(request, `apiKey:${digest}`);
    const verified = token ? await verifyApiKey(token) : null;
    if (!verified) {
      await limits?.perAddress(request, `address:${request.ip}`);
      return deny(
        request,
        401,
        token ? 'unknown or revoked service key' : 'missing service key',
        ERROR_CODES.notAuthenticated,
        token ? API_KEY_MESSAGES.invalidKey : API_KEY_MESSAGES.missingKey,
      );
    }
    // Deny by default.
    if (!scope) return deny(request, 403, 'route declares no scope', INSUFFICIENT_SCOPE, API_KEY_MESSAGES.noScope);
    if (!verified.principal.scopes.includes(scope)) {
      return deny(request, 403, `missing scope ${scope}`, INSUFFICIENT_SCOPE, API_KEY_MESSAGES.missingScope(scope));
    }
    await markKeyUsed(db, verified);
    request.apiKey = verified.principal;
  };

/** Install before the routes, beside installAuth. */
export const installAssistantAuth = (app: FastifyInstance, options: AssistantAuthOptions): void => {
  app.decorateRequest('apiKey', null as unknown as ApiKeyPrincipal);
  const verifyApiKey = createApiKeyVerifier(options.db, options.writes);
  app.addHook('onRoute', (route) => {
    if (!takesServiceKey(route)) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, createAuthenticate(options, verifyApiKey, route.config?.scope)];
  });
};
