import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '../src/contract/common';
import type { RuntimeConfigContract } from '../src/contract/runtimeConfig';
import type { Database, DatabaseUsage, WriteGeneration } from './db/client';
import { installAssistantAuth } from './plugins/assistantAuth';
import { installAuth } from './plugins/auth';
import { installCompression } from './plugins/compression';
import { clientErrorHandler, frameworkErrors, installErrorHandling, installJsonNotFound, installShutdownRefusal } from './plugins/errors';
import { LOG_REDACTION, serializeRequest } from './plugins/logRedaction';
import { installMetrics } from './plugins/metrics';
import { installOpenApi } from './plugins/openapi';
import { installReadCache } from './plugins/readCache';
import { installRequestId, requestIdGenerator } from './plugins/requestId';
import {
  ASSISTANT_RATE_LIMIT,
  createLimiter,
  DEFAULT_RATE_LIMIT,
  installRateLimits,
  METRICS_SCRAPE_LIMIT,
  type RateLimitOptions,
  WHOLE_CONFIG_LIMIT,
} from './plugins/rateLimits';
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
import { variationSuggestionRoutes } from './routes/variationSuggestions';
import { dictionaryMatchRoutes } from './routes/dictionaryMatch';
import { healthRoutes } from './routes/health';
import { insightsRoutes } from './routes/insights';
import { landmineRoutes } from './routes/landmines';
import { phraseLabelRoutes } from './routes/phraseLabels';
import { metricsRoutes } from './routes/metrics';
import { speechRateRoutes } from './routes/speechRate';
import { speechRatePreviewRoutes } from './routes/speechRatePreview';
import { transcriptSearchRoutes } from './routes/transcriptSearch';
import { createLocalEmbeddingProvider, type EmbeddingProvider } from './services/matching/embeddings';
import type { Identity } from './services/identity';
import { serverResources } from './resources';
import { callEndRoutes } from './routes/callEnd';
import { targetBandsRoutes } from './routes/targetBands';
import { insightRepRoutes } from './routes/insightRep';
import { CALL_SETTINGS_DEFAULTS } from '../src/contract/callEnd';
import type { ServerResource } from './services/declaredResource';
import { createLocalVariationGenerator, type VariationGenerator } from './services/variations';

export interface BuildAppOptions {
  db: Database;
  /** With one, admins' profiles and the sessions' answers are reused until the next write. Default null: read every time. */
  writes?: WriteGeneration | null;
  /** For GET /api/metrics; omitted: not reported. */
  usage?: DatabaseUsage | null;
  identity: Identity;
  /** Its emulator URL also shapes the CSP. */
  runtimeConfig: RuntimeConfigContract;
  /** Omitted or missing: API only. */
  staticDir?: string;
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** false: off (tests). Default 600 a minute. */
  rateLimit?: RateLimitOptions | false;
  /** Which proxies may set the client address and the request id. Default false. */
  trustProxy?: false | string[];
  /** The route-inventory test. */
  onRoute?: (route: RouteOptions) => void;
  /** Default: the local rule-based generator (no network). */
  variations?: VariationGenerator;
  /** Default: the local provider. */
  embeddings?: EmbeddingProvider;
  /** Default 20 a minute, off when rateLimit is false. */
  generationRateLimit?: RateLimitOptions | false;
  /** Default ASSISTANT_RATE_LIMIT, off when rateLimit is false. */
  assistantRateLimit?: RateLimitOptions;
  /** Whole configuration answers per key (WHOLE_CONFIG_LIMIT by default), off when rateLimit is false. */
  wholeConfigLimit?: RateLimitOptions | false;
  /** Metrics scrapes per key (METRICS_SCRAPE_LIMIT by default), off when rateLimit is false. */
  metricsScrapeLimit?: RateLimitOptions | false;
  /** Default all of them. */
  resources?: readonly ServerResource[];
  /** CALLS_ABANDON_AFTER_MINUTES: the silence after which a call is abandoned until an admin saves another on Settings. */
  abandonAfterMinutes?: number;
}

/**
 * No listening and no background jobs (server.ts, through jobs.ts). Order matters: error handling, security headers
 * and the rate limiter, then the deny-by-default auth hook (attached to every /api route registered after it).
 */
export const buildApp = async (options: BuildAppOptions) => {
  const logger = options.logger ?? false;
  const app = Fastify({
    logger: logger && {
      level: logger === true ? 'info' : logger.level,
      ...(logger !== true && logger.stream ? { stream: logger.stream } : {}),
      redact: LOG_REDACTION,
      serializers: { req: serializeRequest },
    },
    bodyLimit: LIMITS.bodyBytes,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    genReqId: requestIdGenerator(options.trustProxy ?? false),
    // Fastify's and Node's own refusals answer in the API's shape too.
    frameworkErrors,
    clientErrorHandler,
    trustProxy: options.trustProxy ?? false,
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
      await api.register(metricsRoutes, {
        scrapeLimit: options.metricsScrapeLimit ?? (options.rateLimit === false ? false : METRICS_SCRAPE_LIMIT),
      });
      await api.register(speechRateRoutes, { db: options.db });
      await api.register(speechRatePreviewRoutes, { db: options.db });
      await api.register(dictionaryRoutes, {
        db: options.db,
        generator: options.variations ?? createLocalVariationGenerator(),
        generationRateLimit: options.generationRateLimit ?? (options.rateLimit === false ? false : { max: 20, timeWindowMs: 60_000 }),
      });
      await api.register(dictionaryMatchRoutes, { db: options.db, provider: embeddings });
      await api.register(variationSuggestionRoutes, { db: options.db });
      await api.register(landmineRoutes, { db: options.db });
      await api.register(phraseLabelRoutes, { db: options.db });
      await api.register(dictionaryBulkRoutes, { db: options.db });
      await api.register(adminUsersRoutes, { db: options.db, identity: options.identity });
      await api.register(adminSessionsRoutes, { db: options.db });
      await api.register(transcriptSearchRoutes, { db: options.db });
      await api.register(callEndRoutes, {
        db: options.db,
        abandonAfterMinutes: options.abandonAfterMinutes ?? CALL_SETTINGS_DEFAULTS.abandonAfterMinutes,
      });
      await api.register(insightsRoutes, { db: options.db });
      await api.register(targetBandsRoutes, { db: options.db });
      await api.register(insightRepRoutes, { db: options.db });
      await api.register(adminAuditRoutes, { db: options.db });
      await api.register(adminApiKeysRoutes, { db: options.db });
      await api.register(adminConfigVersionRoutes, { db: options.db });
      await api.register(declaredResourceRoutes, { db: options.db, resources: options.resources ?? serverResources });
      await api.register(assistantRoutes, {
        db: options.db,
        writes: options.writes ?? null,
        model: embeddings.model,
        wholeConfigLimit: options.wholeConfigLimit ?? (options.rateLimit === false ? false : WHOLE_CONFIG_LIMIT),
      });
    },
    { prefix: '/api' },
  );
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
