import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import {
  defaultLandmineThresholdFor,
  defaultThresholdFor,
  MATCH_MARGIN,
  type MatchingPutBody,
  type MatchingRule,
  type MatchingSettings,
} from '../../../src/contract/matching';
import type { Database, Transaction } from '../../db/client';
import { dictionaryItems, matchCalibrations } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import { bumpConfigVersion } from '../configVersion';
import { countLabels } from '../phraseLabels';
import { countEmbeddingQueue } from './embeddings/worker';
import { checkVersion, versionConflict } from '../versions';
import type { IndexedText } from './rule';

type Row = typeof matchCalibrations.$inferSelect;

/** An admin's value wins, then the calibrated one, then the model's default. */
const inForce = (admin: number | null | undefined, calibrated: number | null | undefined, fallback: number) =>
  admin != null
    ? { threshold: admin, source: 'admin' as const }
    : calibrated != null
      ? { threshold: calibrated, source: 'calibrated' as const }
      : { threshold: fallback, source: 'default' as const };

export const ruleOf = (model: string, row: Row | undefined): MatchingRule => {
  const objections = inForce(row?.adminThreshold, row?.calibratedThreshold, defaultThresholdFor(model));
  const mines = inForce(row?.landmineAdminThreshold, row?.landmineCalibratedThreshold, defaultLandmineThresholdFor(model));
  return {
    model,
    ...objections,
    margin: row?.margin ?? MATCH_MARGIN,
    calibratedAt: objections.source === 'default' ? null : (row?.calibratedAt?.toISOString() ?? null),
    landmineThreshold: mines.threshold,
    landmineSource: mines.source,
  };
};

export const readRow = async (db: Database | Transaction, model: string, lock = false): Promise<Row | undefined> => {
  const query = db.select().from(matchCalibrations).where(eq(matchCalibrations.model, model)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

export const readMatchingRule = async (db: Database | Transaction, model: string): Promise<MatchingRule> =>
  ruleOf(model, await readRow(db, model));

const readyForModel = (model: string) =>
  and(eq(dictionaryItems.needsEmbedding, false), isNotNull(dictionaryItems.embedding), eq(dictionaryItems.embeddingModel, model));

export const readMatchingSettings = async (db: Database | Transaction, model: string): Promise<MatchingSettings> => {
  const row = await readRow(db, model);
  const [{ ready }] = await db.select({ ready: count() }).from(dictionaryItems).where(readyForModel(model));
  const pending = await countEmbeddingQueue(db, model);
  return {
    ...ruleOf(model, row),
    calibratedThreshold: row?.calibratedThreshold ?? null,
    texts: row?.texts ?? 0,
    items: row?.items ?? 0,
    sample: row?.sample ?? null,
    landmineCalibratedThreshold: row?.landmineCalibratedThreshold ?? null,
    landmineCalibratedAt: row?.landmineCalibratedAt?.toISOString() ?? null,
    landmineTexts: row?.landmineTexts ?? 0,
    landmineSample: row?.landmineSample ?? null,
    labelsUsed: { labels: row?.labelCount ?? 0, calls: row?.labelCalls ?? 0 },
    labelSample: row?.labelSample ?? null,
    landmineLabelsUsed: { labels: row?.landmineLabelCount ?? 0, calls: row?.landmineLabelCalls ?? 0 },
    landmineLabelSample: row?.landmineLabelSample ?? null,
    labelsNow: await countLabels(db),
    pending,
    ready,
    version: row?.version ?? 0,
  };
};

/** A variation counts for its original. */
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

/** The audit's changes: only what moved, each threshold with where it comes from. */
export const ruleChanges = (before: MatchingRule, after: MatchingRule) => {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['threshold', 'source', 'landmineThreshold', 'landmineSource'] as const)
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  return changes;
};

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
    const rounded = (value: number | null | undefined) => (value == null ? null : Math.round(value * 10_000) / 10_000);
    const values = {
      adminThreshold: input.threshold === undefined ? (current?.adminThreshold ?? null) : rounded(input.threshold),
      landmineAdminThreshold:
        input.landmineThreshold === undefined ? (current?.landmineAdminThreshold ?? null) : rounded(input.landmineThreshold),
    };
    if (
      (current?.adminThreshold ?? null) === values.adminThreshold &&
      (current?.landmineAdminThreshold ?? null) === values.landmineAdminThreshold
    )
      return;
    let saved: Row | undefined;
    if (current) {
      [saved] = await tx
        .update(matchCalibrations)
        .set({ ...values, updatedAt: new Date(), version: current.version + 1 })
        .where(and(eq(matchCalibrations.model, model), eq(matchCalibrations.version, current.version)))
        .returning();
    } else {
      [saved] = await tx
        .insert(matchCalibrations)
        .values({ model, margin: MATCH_MARGIN, ...values })
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
      changes: ruleChanges(before, after),
    });
    await bumpConfigVersion(tx);
  });
  return readMatchingSettings(db, model);
};

/** docs/matching.md "Changing the model": nothing is scored across two models meanwhile. */
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
