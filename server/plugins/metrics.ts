import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, DatabaseUsage } from '../db/client';
import { countEmbeddingQueue } from '../services/matching/embeddings/worker';

/** prom-client's process and Node.js series keep their own names. */
const PREFIX = 'salescoach_';

/** An unknown path, the portal's page fallback. */
export const UNMATCHED_ROUTE = '(unmatched)';

export type IngestOutcome = 'accepted' | 'duplicate' | 'refused';

export interface AppMetrics {
  scrape(): Promise<{ contentType: string; body: string }>;
  countIngestEvents(outcome: IngestOutcome, events: number): void;
  countReadCache(result: 'hit' | 'miss'): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export interface MetricsOptions {
  db: Database;
  /** null: those series are not reported. */
  usage: DatabaseUsage | null;
  embeddingModel: string;
}

/** Milliseconds to a few seconds (the generation of variations, a large export). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** From PGlite's sub-millisecond reads to the seconds of a statistics refresh. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const embeddingQueueReader = (db: Database, model: string, log: FastifyBaseLogger) => async (): Promise<number> => {
  try {
    return await countEmbeddingQueue(db, model);
  } catch (error) {
    // The scrape still answers with everything else; an unknown length is NaN, not a made-up 0.
    log.warn(
      { event: 'metrics.embedding_queue_failed', err: error instanceof Error ? error.message : String(error) },
      'metric unavailable',
    );
    return Number.NaN;
  }
};

/**
 * docs/api.md "Metrics", one registry per app; the process series start with the first scrape. Install on the root
 * instance before the routes: unknown paths count under "(unmatched)", so the labels stay a fixed set.
 */
export const installMetrics = (app: FastifyInstance, options: MetricsOptions): void => {
  const registry = new Registry();
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from receiving a request to sending its answer, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const ingestEvents = new Counter({
    name: `${PREFIX}ingest_events_total`,
    help: 'Call events sent by the assistant: accepted (stored), duplicate (a seq already stored), refused (in a batch answered 4xx).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const readCache = new Counter({
    name: `${PREFIX}read_cache_requests_total`,
    help: 'Reads of cacheable answers: hit (reused since nothing was written), miss (read from the database).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  for (const outcome of ['accepted', 'duplicate', 'refused'] as const) ingestEvents.inc({ outcome }, 0);
  for (const result of ['hit', 'miss'] as const) readCache.inc({ result }, 0);

  const readQueue = embeddingQueueReader(options.db, options.embeddingModel, app.log);
  new Gauge({
    name: `${PREFIX}embedding_queue_length`,
    help: 'Dictionary texts waiting for their embedding (Pending), counted at the scrape.',
    registers: [registry],
    async collect() {
      this.set(await readQueue());
    },
  });

  const { usage } = options;
  if (usage) {
    const labels = { database: usage.kind };
    const queries = new Histogram({
      name: `${PREFIX}db_query_duration_seconds`,
      help: 'Time of each database statement, from sending it to its answer (its wait for a connection included), by outcome.',
      labelNames: ['database', 'outcome'] as const,
      buckets: QUERY_BUCKETS,
      registers: [registry],
    });
    const unsubscribe = usage.onQuery(({ seconds, failed }) => queries.observe({ ...labels, outcome: failed ? 'error' : 'ok' }, seconds));
    app.addHook('onClose', async () => unsubscribe());
    const connectionGauge = (name: string, help: string, pick: (use: ReturnType<DatabaseUsage['connections']>) => number) =>
      new Gauge({
        name: `${PREFIX}${name}`,
        help,
        labelNames: ['database'] as const,
        registers: [registry],
        collect() {
          this.set(labels, pick(usage.connections()));
        },
      });
    connectionGauge('db_pool_connections', 'Open database connections (PGlite: its one connection).', (use) => use.total);
    connectionGauge('db_pool_idle_connections', 'Open database connections doing nothing.', (use) => use.idle);
    connectionGauge('db_pool_waiting_requests', 'Statements or transactions waiting for a database connection.', (use) => use.waiting);
  }

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  let processWatched = false;
  app.decorate('metrics', {
    scrape: async () => {
      if (!processWatched) {
        processWatched = true;
        collectDefaultMetrics({ register: registry });
      }
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    countIngestEvents: (outcome, events) => ingestEvents.inc({ outcome }, events),
    countReadCache: (result) => readCache.inc({ result }),
  } satisfies AppMetrics);
};
