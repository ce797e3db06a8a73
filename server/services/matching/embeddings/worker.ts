import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { dictionaryItems } from '../../../db/schema';
import { bumpConfigVersion } from '../../configVersion';
import { type BatchJobOptions, startPollingJob } from '../../pollingJob';
import type { EmbeddingProvider } from './provider';

/** Pending, never embedded, or embedded by another model. */
export const needsEmbeddingFor = (model: string) =>
  or(
    eq(dictionaryItems.needsEmbedding, true),
    isNull(dictionaryItems.embedding),
    sql`${dictionaryItems.embeddingModel} is distinct from ${model}`,
  );

export const countEmbeddingQueue = async (db: Database | Transaction, model: string): Promise<number> => {
  const [row] = await db.select({ pending: count() }).from(dictionaryItems).where(needsEmbeddingFor(model));
  return row?.pending ?? 0;
};

export interface EmbeddingWorkerOptions extends BatchJobOptions<Database, EmbeddingProvider> {
  /** Default 500 ms. */
  intervalMs?: number;
}

export interface EmbeddingWorker {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * spec 5: "regenerated automatically after add or edit". The provider is called outside any transaction, and a
 * vector is stored only if the row did not change meanwhile: an edit during the call leaves it Pending.
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
    const vectors = await provider.embed(
      rows.map((row) => row.question),
      signal,
    );
    // An embedding turning Ready is a new configuration version (docs/api.md "Assistant API"): one transaction.
    return db.transaction(async (tx) => {
      let ready = 0;
      for (const [index, row] of rows.entries()) {
        if (signal.aborted) break;
        // Two servers' workers may pick the same row: only the first to finish writes it; a collision costs one call.
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
