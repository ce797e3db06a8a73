import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { API_KEY_MESSAGES, INSUFFICIENT_SCOPE, type ApiKeyScope } from '../../src/contract/apiKeys';
import { ERROR_CODES } from '../../src/contract/common';
import type { Database, WriteGeneration } from '../db/client';
import { ApiHttpError } from '../errors';
import { type ApiKeyPrincipal, createApiKeyVerifier, presentedKeyDigest } from '../services/apiKeys';
import type { RequestLimiter } from './rateLimits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The service-key scope a route requires (docs/security.md "Service keys"): it then takes service keys, never ID tokens. */
    scope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** The verified service key; set by the service-key hook on every route it guards (takesServiceKey). */
    apiKey: ApiKeyPrincipal;
  }
}

/** The routes only a service key opens; the admin auth hook (auth.ts) leaves them to this one. */
export const ASSISTANT_PREFIX = '/api/assistant/';
export const isAssistantRoute = (url: string): boolean => url.startsWith(ASSISTANT_PREFIX);

/**
 * A route opened by a service key rather than an admin's ID token: every /api/assistant route,
 * and any other that declares a `config.scope` (GET /api/metrics, scope metrics:read).
 */
export const takesServiceKey = (route: { url: string; config?: { scope?: ApiKeyScope } }): boolean =>
  isAssistantRoute(route.url) || route.config?.scope !== undefined;

export interface AssistantAuthOptions {
  db: Database;
  /** The database's write generation (PGlite): a key's verdict is kept while it holds. */
  writes: WriteGeneration | null;
  /** perKey: calls per key (the assistant's budget); perAddress: refused calls per client address. null: off. */
  limits: { perKey: RequestLimiter; perAddress: RequestLimiter } | null;
}

const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
};

const deny = (request: FastifyRequest, status: 401 | 403, reason: string, code: string, message: string): never => {
  request.log.warn({ event: 'auth.denied', reason, method: request.method, url: request.url }, 'request denied');
  throw new ApiHttpError(status, code, message);
};

const createAuthenticate =
  (
    { limits }: AssistantAuthOptions,
    verifyApiKey: (presented: string) => Promise<ApiKeyPrincipal | null>,
    scope: ApiKeyScope | undefined,
  ): onRequestHookHandler =>
  async (request) => {
    const token = bearerToken(request.headers.authorization);
    // A key's budget is counted before its lookup, by the digest of what was presented (one
    // digest per key): a flood from one key is refused without reaching the database, so it
    // cannot slow anyone else's requests down.
    const digest = token ? presentedKeyDigest(token) : null;
    if (digest) await limits?.perKey(request, `apiKey:${digest}`);
    // An admin's ID token is no service key: it fails the key's format like any other string.
    const principal = token ? await verifyApiKey(token) : null;
    if (!principal) {
      await limits?.perAddress(request, `address:${request.ip}`);
      return deny(
        request,
        401,
        token ? 'unknown or revoked service key' : 'missing service key',
        ERROR_CODES.notAuthenticated,
        token ? API_KEY_MESSAGES.invalidKey : API_KEY_MESSAGES.missingKey,
      );
    }
    // A route without a declared scope is refused to every key (deny by default).
    if (!scope) return deny(request, 403, 'route declares no scope', INSUFFICIENT_SCOPE, API_KEY_MESSAGES.noScope);
    if (!principal.scopes.includes(scope)) {
      return deny(request, 403, `missing scope ${scope}`, INSUFFICIENT_SCOPE, API_KEY_MESSAGES.missingScope(scope));
    }
    request.apiKey = principal;
  };

/**
 * Service-key authentication for /api/assistant/* and the routes that declare a scope
 * (docs/security.md "Service keys"): every such route registered after this call gets the
 * hook, checking the key and the route's `config.scope`. Install before the routes, beside installAuth.
 */
export const installAssistantAuth = (app: FastifyInstance, options: AssistantAuthOptions): void => {
  app.decorateRequest('apiKey', null as unknown as ApiKeyPrincipal);
  const verifyApiKey = createApiKeyVerifier(options.db, options.writes);
  app.addHook('onRoute', (route) => {
    if (!takesServiceKey(route)) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, createAuthenticate(options, verifyApiKey, route.config?.scope)];
  });
};
