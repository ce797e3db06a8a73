import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { dictionaryItems } from '../../../db/schema';
import { bumpConfigVersion } from '../../configVersion';
import { startPollingJob } from '../../pollingJob';
import type { EmbeddingProvider } from './provider';

/** A row needs this model's embedding: Pending, never embedded, or embedded by another model. */
export const needsEmbeddingFor = (model: string) =>
  or(
    eq(dictionaryItems.needsEmbedding, true),
    isNull(dictionaryItems.embedding),
    sql`${dictionaryItems.embeddingModel} is distinct from ${model}`,
  );

/** How many dictionary rows still need this model's embedding (the worker's queue). */
export const countEmbeddingQueue = async (db: Database | Transaction, model: string): Promise<number> => {
  const [row] = await db.select({ pending: count() }).from(dictionaryItems).where(needsEmbeddingFor(model));
  return row?.pending ?? 0;
};

export interface EmbeddingWorkerOptions {
  db: Database;
  provider: EmbeddingProvider;
  /** Pause between polls when there is nothing to do (default 500 ms). */
  intervalMs?: number;
  /** Rows embedded per provider call (default 16). */
  batchSize?: number;
  /** First retry delay after a provider failure, doubled per failure up to maxBackoffMs. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  log?: { warn(payload: object, message: string): void; info?(payload: object, message: string): void };
}

export interface EmbeddingWorker {
  /** One pass: embeds up to batchSize rows; returns how many rows were marked Ready. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
}

/**
 * The background job that turns Pending dictionary rows Ready (spec 5: "regenerated
 * automatically after add or edit"). It reads a small batch of rows that need an embedding
 * (Pending first, oldest first; also rows embedded by another model), calls the provider
 * outside any transaction, and stores each vector only if the row did not change meanwhile
 * (same updated_at): an edit during the call leaves the row Pending for the next pass.
 * Provider failures leave rows Pending and back off exponentially.
 */
export const startEmbeddingWorker = (options: EmbeddingWorkerOptions, { autoStart = true } = {}): EmbeddingWorker => {
  const { db, provider } = options;
  const batchSize = options.batchSize ?? 16;

  const needsEmbedding = needsEmbeddingFor(provider.model);

  const pass = async (signal: AbortSignal): Promise<number> => {
    const rows = await db
      .select({ id: dictionaryItems.id, question: dictionaryItems.question, stamp: sql<string>`${dictionaryItems.updatedAt}::text` })
      .from(dictionaryItems)
      .where(needsEmbedding)
      .orderBy(desc(dictionaryItems.needsEmbedding), asc(dictionaryItems.updatedAt), asc(dictionaryItems.id))
      .limit(batchSize);
    if (rows.length === 0) return 0;
    // Network (or CPU) work happens here, outside any transaction.
    const vectors = await provider.embed(
      rows.map((row) => row.question),
      signal,
    );
    // The stores and the configuration version (docs/api.md "Assistant API": an embedding
    // turning Ready is a new version) commit together, in one short transaction per pass.
    return db.transaction(async (tx) => {
      let ready = 0;
      for (const [index, row] of rows.entries()) {
        if (signal.aborted) break;
        // Several servers on one PostgreSQL each run a worker, and two may pick the same row in
        // the same poll. The stamp keeps an edited row Pending; the last condition makes the
        // store idempotent: only the first worker to finish writes the row (and counts it), the
        // other's identical result is dropped instead of rewriting a row that is already Ready.
        // The cost of such a collision is one repeated provider call, never a wrong row.
        const updated = await tx
          .update(dictionaryItems)
          .set({ embedding: vectors[index], embeddingModel: provider.model, needsEmbedding: false })
          .where(and(eq(dictionaryItems.id, row.id), sql`${dictionaryItems.updatedAt} = ${row.stamp}::timestamptz`, needsEmbedding))
          .returning({ id: dictionaryItems.id });
        ready += updated.length;
      }
      if (ready > 0) await bumpConfigVersion(tx);
      return ready;
    });
  };

  return startPollingJob({
    pass,
    // A full batch means more may be waiting: go again at once.
    goAgain: (ready) => ready >= batchSize,
    intervalMs: options.intervalMs ?? 500,
    initialBackoffMs: options.initialBackoffMs,
    maxBackoffMs: options.maxBackoffMs,
    onFailure: (error, retryInMs) =>
      options.log?.warn(
        { event: 'embeddings.failed', err: error instanceof Error ? error.message : String(error), retryInMs },
        'embedding pass failed; rows stay Pending',
      ),
    autoStart,
  });
};
