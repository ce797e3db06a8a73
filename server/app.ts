import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '../src/contract/common';
import type { RuntimeConfigContract } from '../src/contract/runtimeConfig';
import type { Database, DatabaseUsage, WriteGeneration } from './db/client';
import { installAssistantAuth } from './plugins/assistantAuth';
import { installAuth } from './plugins/auth';
import { installCompression } from './plugins/compression';
import { clientErrorHandler, frameworkErrors, installErrorHandling, installJsonNotFound, installShutdownRefusal } from './plugins/errors';
import { LOG_REDACTION } from './plugins/logRedaction';
import { installMetrics } from './plugins/metrics';
import { installOpenApi } from './plugins/openapi';
import { installReadCache } from './plugins/readCache';
import { installRequestId, requestIdGenerator } from './plugins/requestId';
import { ASSISTANT_RATE_LIMIT, createLimiter, DEFAULT_RATE_LIMIT, installRateLimits, type RateLimitOptions } from './plugins/rateLimits';
import { identityHostsFor, installSecurityHeaders } from './plugins/securityHeaders';
import { spaPlugin } from './plugins/spa';
import { adminApiKeysRoutes } from './routes/adminApiKeys';
import { adminAuditRoutes } from './routes/adminAudit';
import { adminConfigVersionRoutes } from './routes/adminConfigVersion';
import { adminSessionsRoutes } from './routes/adminSessions';
import { adminUsersRoutes } from './routes/adminUsers';
import { declaredResourceRoutes } from './routes/declaredResources';
import { assistantRoutes } from './routes/assistant';
import { dictionaryRoutes } from './routes/dictionary';
import { dictionaryBulkRoutes } from './routes/dictionaryBulk';
import { dictionaryMatchRoutes } from './routes/dictionaryMatch';
import { healthRoutes } from './routes/health';
import { insightsRoutes } from './routes/insights';
import { landmineRoutes } from './routes/landmines';
import { metricsRoutes } from './routes/metrics';
import { speechRateRoutes } from './routes/speechRate';
import { speechRatePreviewRoutes } from './routes/speechRatePreview';
import { createLocalEmbeddingProvider, type EmbeddingProvider } from './services/matching/embeddings';
import type { Identity } from './services/identity';
import { serverResources } from './resources';
import type { ServerResource } from './services/declaredResource';
import { createLocalVariationGenerator, type VariationGenerator } from './services/variations';

export interface BuildAppOptions {
  /** Migrated database (see db/client.ts openDatabase). */
  db: Database;
  /**
   * The database's write generation (OpenedDatabase.writes): with one, admins' profiles and the
   * sessions' answers are reused until the next write (plugins/readCache.ts). Default null: read every time.
   */
  writes?: WriteGeneration | null;
  /** The database's statement times and connections (OpenedDatabase.usage) for GET /api/metrics; omitted: not reported. */
  usage?: DatabaseUsage | null;
  /** Verifies ID tokens and manages accounts (services/identity.ts). */
  identity: Identity;
  /** Published to the portal as /runtime-config.js; its emulator URL also shapes the CSP. */
  runtimeConfig: RuntimeConfigContract;
  /** The built portal to serve with a history fallback; omitted or missing: API only. */
  staticDir?: string;
  /** true: info-level JSON logs (tokens and passwords redacted); default false. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** API requests per signed-in user (a fifth per address before sign-in); false: off (tests). Default 600 a minute. */
  rateLimit?: RateLimitOptions | false;
  /** Fastify's trustProxy (TRUST_PROXY): which proxies may set the client address and the request id (X-Request-Id). Default false. */
  trustProxy?: false | string[];
  /** Sees every route as it is registered (the route-inventory test). */
  onRoute?: (route: RouteOptions) => void;
  /** Generates dictionary variations; default: the local rule-based generator (no network). */
  variations?: VariationGenerator;
  /** Embeds phrases for "Test a phrase"; server.ts passes the embedding worker's provider. Default: the local provider. */
  embeddings?: EmbeddingProvider;
  /** Per-admin limit on generate-variations; default 20 a minute, off when rateLimit is false. */
  generationRateLimit?: RateLimitOptions | false;
  /** Calls per service key on /api/assistant/*; default ASSISTANT_RATE_LIMIT, off when rateLimit is false. */
  assistantRateLimit?: RateLimitOptions;
  /** The resources declared on the server (server/resources); default all of them. */
  resources?: readonly ServerResource[];
}

/**
 * Builds the API server without listening or starting background jobs (server.ts does both, the
 * jobs through jobs.ts; tests use `app.inject`).
 *
 * Order matters: error handling and body parsing first, then the security headers and the
 * rate limiter, then the deny-by-default auth hook (attached to every /api route registered
 * after it, and counting each request against its uid or address), then the portal and the
 * /api routes, one file per area.
 */
export const buildApp = async (options: BuildAppOptions) => {
  const logger = options.logger ?? false;
  const app = Fastify({
    logger: logger && {
      level: logger === true ? 'info' : logger.level,
      ...(logger !== true && logger.stream ? { stream: logger.stream } : {}),
      redact: LOG_REDACTION,
    },
    bodyLimit: LIMITS.bodyBytes,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Each log line of a request carries its id as `reqId`, Fastify's default label (plugins/requestId.ts).
    genReqId: requestIdGenerator(options.trustProxy ?? false),
    // Fastify's and Node's own refusals answer in the API's { error, message } shape too (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
    trustProxy: options.trustProxy ?? false,
    // Requests during shutdown get the API's own 503 (installShutdownRefusal), not Fastify's.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  installRequestId(app);
  installShutdownRefusal(app);
  installErrorHandling(app);
  await installSecurityHeaders(app, { identityHosts: identityHostsFor(options.runtimeConfig.authEmulatorUrl) });
  const limits = await installRateLimits(app, options.rateLimit ?? DEFAULT_RATE_LIMIT);
  await installOpenApi(app); // before the auth hook and the routes: see plugins/openapi.ts
  installAuth(app, { db: options.db, writes: options.writes ?? null, identity: options.identity, limits });
  installAssistantAuth(app, {
    db: options.db,
    writes: options.writes ?? null,
    limits: limits && { perKey: createLimiter(app, options.assistantRateLimit ?? ASSISTANT_RATE_LIMIT), perAddress: limits.perAddress },
  });

  const embeddings = options.embeddings ?? createLocalEmbeddingProvider();
  installMetrics(app, { db: options.db, usage: options.usage ?? null, embeddingModel: embeddings.model });
  await app.register(spaPlugin, { staticDir: options.staticDir, runtimeConfig: options.runtimeConfig });
  await app.register(
    async (api) => {
      installJsonNotFound(api);
      await installCompression(api);
      installReadCache(api, options.writes ?? null, app.metrics); // after compression: it keeps answers as sent
      await api.register(healthRoutes, { db: options.db });
      await api.register(metricsRoutes);
      await api.register(speechRateRoutes, { db: options.db });
      await api.register(speechRatePreviewRoutes, { db: options.db });
      await api.register(dictionaryRoutes, {
        db: options.db,
        generator: options.variations ?? createLocalVariationGenerator(),
        generationRateLimit: options.generationRateLimit ?? (options.rateLimit === false ? false : { max: 20, timeWindowMs: 60_000 }),
      });
      await api.register(dictionaryMatchRoutes, { db: options.db, provider: embeddings });
      await api.register(landmineRoutes, { db: options.db });
      await api.register(dictionaryBulkRoutes, { db: options.db });
      await api.register(adminUsersRoutes, { db: options.db, identity: options.identity });
      await api.register(adminSessionsRoutes, { db: options.db });
      await api.register(insightsRoutes, { db: options.db });
      await api.register(adminAuditRoutes, { db: options.db });
      await api.register(adminApiKeysRoutes, { db: options.db });
      await api.register(adminConfigVersionRoutes, { db: options.db });
      await api.register(declaredResourceRoutes, { db: options.db, resources: options.resources ?? serverResources });
      await api.register(assistantRoutes, { db: options.db, writes: options.writes ?? null, model: embeddings.model });
    },
    { prefix: '/api' },
  );
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
