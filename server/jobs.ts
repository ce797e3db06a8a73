import type { FastifyBaseLogger } from 'fastify';
import { CALL_SETTINGS_DEFAULTS } from '../src/contract/callEnd';
import type { Database } from './db/client';
import { startBackupEndpoint } from './services/backup';
import { startInquiryGrouping } from './services/insights/grouping';
import { startCalibrationJob } from './services/matching/calibration';
import { type EmbeddingProvider, startEmbeddingWorker } from './services/matching/embeddings';
import { markOtherModelsPending } from './services/matching/settings';
import { startSuggestionJob } from './services/variations/suggestionJob';
import { startSessionRetention } from './services/retention';
import { startAbandonedCalls } from './services/abandonedCalls';

export interface BackgroundJob {
  name: string;
  stop(): Promise<void>;
}

export interface BackgroundJobsOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** The worker, the calibration and the grouping share its model; omitted, none of them run. */
  embeddings?: EmbeddingProvider & { warm?: () => Promise<void> };
  /** null: sessions are kept. */
  sessionsRetentionDays?: number | null;
  /** CALLS_ABANDON_AFTER_MINUTES; omitted, the default (30). */
  abandonAfterMinutes?: number;
  /** false: the abandoned-calls job waits for runOnce (tests). */
  autoStart?: boolean;
  /** For `npm run backup` against the running server (services/backup.ts). */
  backups?: { dataDir: string; hold: <T>(copy: () => Promise<T>) => Promise<T> } | null;
}

export interface BackgroundJobs {
  readonly jobs: readonly BackgroundJob[];
  /** Tests, and `runOnce` of the polling jobs. */
  runOnce(name: string): Promise<unknown>;
  /** The last started first. */
  stop(): Promise<void>;
}

type Registered = BackgroundJob & { runOnce?: () => Promise<unknown> };

/** The one place that starts and stops the server's background work: server.ts starts it after the app is built. */
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
    jobs.push({ name: 'calibration', ...startCalibrationJob({ db, provider: embeddings, log }) });
    jobs.push({ name: 'inquiryGrouping', ...startInquiryGrouping({ db, provider: embeddings, log }) });
    jobs.push({ name: 'variationSuggestions', ...startSuggestionJob({ db, provider: embeddings, log }) });
  }
  jobs.push({
    name: 'abandonedCalls',
    ...startAbandonedCalls({
      db,
      defaultMinutes: options.abandonAfterMinutes ?? CALL_SETTINGS_DEFAULTS.abandonAfterMinutes,
      log,
      autoStart: options.autoStart,
    }),
  });
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
