import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import {
  CALIBRATION_PENDING,
  defaultThresholdFor,
  MATCH_MARGIN,
  type MatchingPutBody,
  type MatchingRule,
  type MatchingSettings,
} from '../../../src/contract/matching';
import type { Database, Transaction } from '../../db/client';
import { dictionaryItems, matchCalibrations } from '../../db/schema';
import { ApiHttpError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit';
import { bumpConfigVersion } from '../configVersion';
import { needsEmbeddingFor } from './embeddings/worker';
import { checkVersion, versionConflict } from '../versions';
import { calibrate, type IndexedText } from './rule';

type Row = typeof matchCalibrations.$inferSelect;

const ruleOf = (model: string, row: Row | undefined): MatchingRule => {
  if (row?.adminThreshold != null)
    return {
      model,
      threshold: row.adminThreshold,
      margin: row.margin,
      source: 'admin',
      calibratedAt: row.calibratedAt?.toISOString() ?? null,
    };
  if (row?.calibratedThreshold != null)
    return {
      model,
      threshold: row.calibratedThreshold,
      margin: row.margin,
      source: 'calibrated',
      calibratedAt: row.calibratedAt?.toISOString() ?? null,
    };
  return { model, threshold: defaultThresholdFor(model), margin: row?.margin ?? MATCH_MARGIN, source: 'default', calibratedAt: null };
};

const readRow = async (db: Database | Transaction, model: string, lock = false): Promise<Row | undefined> => {
  const query = db.select().from(matchCalibrations).where(eq(matchCalibrations.model, model)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** The rule that decides what fires for this model (the snapshot and "Test a phrase" read it). */
export const readMatchingRule = async (db: Database | Transaction, model: string): Promise<MatchingRule> =>
  ruleOf(model, await readRow(db, model));

const readyForModel = (model: string) =>
  and(eq(dictionaryItems.needsEmbedding, false), isNotNull(dictionaryItems.embedding), eq(dictionaryItems.embeddingModel, model));

export const readMatchingSettings = async (db: Database | Transaction, model: string): Promise<MatchingSettings> => {
  const row = await readRow(db, model);
  const [{ ready }] = await db.select({ ready: count() }).from(dictionaryItems).where(readyForModel(model));
  const [{ pending }] = await db.select({ pending: count() }).from(dictionaryItems).where(needsEmbeddingFor(model));
  return {
    ...ruleOf(model, row),
    calibratedThreshold: row?.calibratedThreshold ?? null,
    texts: row?.texts ?? 0,
    items: row?.items ?? 0,
    sample: row?.sample ?? null,
    pending,
    ready,
    version: row?.version ?? 0,
  };
};

/** Every Ready text of this model, grouped by original (a variation counts for its original). */
export const readIndex = async (db: Database | Transaction, model: string): Promise<IndexedText[]> => {
  const rows = await db
    .select({
      id: dictionaryItems.id,
      parentId: dictionaryItems.parentId,
      question: dictionaryItems.question,
      embedding: dictionaryItems.embedding,
    })
    .from(dictionaryItems)
    .where(readyForModel(model))
    .orderBy(dictionaryItems.createdAt, dictionaryItems.id);
  return rows.map((row) => ({ itemId: row.parentId ?? row.id, text: row.question, vector: row.embedding! }));
};

/**
 * Calibrates the model's threshold from the dictionary as it is now (docs/matching.md) and
 * stores it; an admin's threshold stays in force. The configuration version is raised when
 * the threshold in force changes, since the assistant's snapshot carries it. Refused while
 * rows are Pending: a half-embedded dictionary would calibrate on a part of itself.
 */
export const recalibrate = async (db: Database, model: string): Promise<MatchingSettings> => {
  const [{ pending }] = await db.select({ pending: count() }).from(dictionaryItems).where(needsEmbeddingFor(model));
  if (pending > 0)
    throw new ApiHttpError(409, CALIBRATION_PENDING, `The threshold can be calibrated once every embedding is Ready (${pending} pending).`);
  const result = calibrate(await readIndex(db, model));
  await db.transaction(async (tx) => {
    const current = await readRow(tx, model, true);
    const before = ruleOf(model, current);
    const values = {
      calibratedThreshold: result.threshold,
      calibratedAt: new Date(),
      texts: result.texts,
      items: result.items,
      sample: result.sample,
      updatedAt: new Date(),
    };
    if (current) await tx.update(matchCalibrations).set(values).where(eq(matchCalibrations.model, model));
    // version 0 as before: it counts the admin's changes, which a calibration is not
    else await tx.insert(matchCalibrations).values({ model, margin: MATCH_MARGIN, version: 0, ...values });
    const after = ruleOf(model, await readRow(tx, model));
    if (after.threshold !== before.threshold || after.source !== before.source) await bumpConfigVersion(tx);
  });
  return readMatchingSettings(db, model);
};

/** Whether this model has been calibrated at all (the worker calibrates once the dictionary is Ready). */
const hasCalibration = async (db: Database, model: string): Promise<boolean> => {
  const row = await readRow(db, model);
  return row?.calibratedAt != null;
};

/** An admin's threshold, or null to go back to the calibrated one; audited, and a new configuration version. */
export const updateMatchingThreshold = async (
  db: Database,
  actor: AuditActor,
  model: string,
  input: MatchingPutBody,
): Promise<MatchingSettings> => {
  await db.transaction(async (tx) => {
    const current = await readRow(tx, model, true);
    checkVersion(input.version, current?.version ?? 0, 'matching');
    const before = ruleOf(model, current);
    const adminThreshold = input.threshold === null ? null : Math.round(input.threshold * 10_000) / 10_000;
    if ((current?.adminThreshold ?? null) === adminThreshold) return;
    let saved: Row | undefined;
    if (current) {
      [saved] = await tx
        .update(matchCalibrations)
        .set({ adminThreshold, updatedAt: new Date(), version: current.version + 1 })
        .where(and(eq(matchCalibrations.model, model), eq(matchCalibrations.version, current.version)))
        .returning();
    } else {
      [saved] = await tx
        .insert(matchCalibrations)
        .values({ model, margin: MATCH_MARGIN, adminThreshold })
        .onConflictDoNothing()
        .returning();
    }
    if (!saved) throw versionConflict('matching');
    const after = ruleOf(model, saved);
    await recordAudit(tx, {
      actor,
      action: 'matching.update',
      targetType: 'matching',
      targetId: model,
      changes: { threshold: { from: before.threshold, to: after.threshold }, source: { from: before.source, to: after.source } },
    });
    await bumpConfigVersion(tx);
  });
  return readMatchingSettings(db, model);
};

/**
 * Rows embedded by another model turn Pending (docs/matching.md "Changing the model"): the
 * Dictionary page shows them Pending until this model's worker has embedded them again, and
 * nothing is scored across two models meanwhile. Returns how many rows it marked.
 */
export const markOtherModelsPending = async (db: Database, model: string): Promise<number> =>
  db.transaction(async (tx) => {
    const marked = await tx
      .update(dictionaryItems)
      .set({ needsEmbedding: true })
      .where(and(eq(dictionaryItems.needsEmbedding, false), sql`${dictionaryItems.embeddingModel} is distinct from ${model}`))
      .returning({ id: dictionaryItems.id });
    if (marked.length > 0) await bumpConfigVersion(tx);
    return marked.length;
  });

/**
 * The worker's idle step: calibrates the model once when it has no calibration yet and no row
 * is Pending. Afterwards the threshold only moves when an admin recalibrates or sets it, so it
 * never shifts under the admins' feet.
 */
export const calibrateWhenMissing = (db: Database, model: string, log?: { info?(payload: object, message: string): void }) => {
  let done = false;
  return async () => {
    if (done) return;
    if (await hasCalibration(db, model)) {
      done = true;
      return;
    }
    try {
      const settings = await recalibrate(db, model);
      done = true;
      log?.info?.(
        { event: 'matching.calibrated', model, threshold: settings.threshold, texts: settings.texts },
        'matching threshold calibrated',
      );
    } catch (error) {
      // Pending rows (an edit meanwhile): the next idle pass tries again.
      if (!(error instanceof ApiHttpError && error.code === CALIBRATION_PENDING)) throw error;
    }
  };
};
