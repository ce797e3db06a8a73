import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { startBackupEndpoint } from './services/backup';
import { startInquiryGrouping } from './services/insights/grouping';
import { startCalibrationJob } from './services/matching/calibration';
import { type EmbeddingProvider, startEmbeddingWorker } from './services/matching/embeddings';
import { markOtherModelsPending } from './services/matching/settings';
import { startSessionRetention } from './services/retention';

/** A running background job: what stopping the server waits for. */
export interface BackgroundJob {
  name: string;
  stop(): Promise<void>;
}

export interface BackgroundJobsOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** The provider the app embeds with; the worker, the calibration and the grouping share its model. Omitted: none of them run. */
  embeddings?: EmbeddingProvider & { warm?: () => Promise<void> };
  /** SESSIONS_RETENTION_DAYS; null: sessions are kept. */
  sessionsRetentionDays?: number | null;
  /** The PGlite data directory and its hold, for `npm run backup` against the running server (services/backup.ts). */
  backups?: { dataDir: string; hold: <T>(copy: () => Promise<T>) => Promise<T> } | null;
}

export interface BackgroundJobs {
  /** The jobs running, in the order they started. */
  readonly jobs: readonly BackgroundJob[];
  /** Runs a job's next pass now when it has one (tests, and `runOnce` of the polling jobs). */
  runOnce(name: string): Promise<unknown>;
  /** Stops every job, the last started first. */
  stop(): Promise<void>;
}

type Registered = BackgroundJob & { runOnce?: () => Promise<unknown> };

/**
 * The one place that starts and stops the server's background work (docs/architecture.md):
 * server.ts starts it after building the app and stops it after the app has drained.
 */
export const startBackgroundJobs = async (options: BackgroundJobsOptions): Promise<BackgroundJobs> => {
  const { db, log, embeddings } = options;
  const jobs: Registered[] = [];
  if (embeddings) {
    // Rows of another model turn Pending, so nothing is scored across two models (docs/matching.md).
    const remarked = await markOtherModelsPending(db, embeddings.model);
    if (remarked > 0)
      log.info({ event: 'embeddings.remarked', model: embeddings.model, remarked }, 'dictionary texts will be embedded again');
    // The model loads beside the first requests, not in their way; the worker's first pass waits for it.
    void embeddings
      .warm?.()
      .catch((error: unknown) => log.warn({ event: 'embeddings.load_failed', err: String(error) }, 'embedding model failed to load'));
    jobs.push({ name: 'embeddings', ...startEmbeddingWorker({ db, provider: embeddings, log }) });
    jobs.push({ name: 'calibration', ...startCalibrationJob({ db, model: embeddings.model, log }) });
    jobs.push({ name: 'inquiryGrouping', ...startInquiryGrouping({ db, provider: embeddings, log }) });
  }
  if (options.sessionsRetentionDays)
    jobs.push({ name: 'retention', ...startSessionRetention({ db, days: options.sessionsRetentionDays, log }) });
  if (options.backups) {
    const endpoint = await startBackupEndpoint({ ...options.backups, log }).catch((error: unknown) => {
      log.warn(
        { event: 'backup.endpoint_failed', err: String(error) },
        'backups of the running server are unavailable (npm run backup needs it stopped)',
      );
      return null;
    });
    if (endpoint) jobs.push({ name: 'backups', stop: () => endpoint.close() });
  }
  return {
    jobs,
    runOnce: (name) => {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job?.runOnce) throw new Error(`No background job "${name}" with passes is running.`);
      return job.runOnce();
    },
    stop: async () => {
      for (const job of [...jobs].reverse()) await job.stop();
    },
  };
};
