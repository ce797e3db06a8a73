import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  LABEL_NOT_AN_UTTERANCE,
  LABEL_SIDE_MISMATCH,
  type PhraseLabel,
  type PhraseLabelCreate,
  phraseLabelContract,
  speakerOfItemType,
} from '../../src/contract/phraseLabels';
import type { Database, Transaction } from '../db/client';
import { dictionaryItems, landmines, phraseLabels, phraseLabelVectors, sessions, sessionTranscripts } from '../db/schema';
import { ApiHttpError, notFoundError } from '../errors';
import { type AuditActor, recordAudit } from './audit';
import type { ServerResource } from './declaredResource';
import type { EmbeddingProvider } from './matching/embeddings';

/** The Labelled phrases list reads through the declared resources' list (docs/architecture.md "Resources"); writes are below. */
export const phraseLabelsResource: ServerResource = {
  name: 'phrase-labels',
  path: '/phrase-labels',
  table: phraseLabels,
  contract: phraseLabelContract,
  record: 'phraseLabel',
  title: 'itemName',
};

const toRecord = (row: typeof phraseLabels.$inferSelect): PhraseLabel => {
  const { callRowId: _call, ...rest } = row;
  return { ...rest, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
};

/** The audit keeps what was labelled, never the words: they go with the call (services/sessionErasure.ts). */
const auditChanges = (row: typeof phraseLabels.$inferSelect, created: boolean) =>
  Object.fromEntries(
    (['sessionId', 'speaker', 'kind', 'itemType', 'itemId', 'itemName'] as const).map((field) => [
      field,
      created ? { from: null, to: row[field] } : { from: row[field], to: null },
    ]),
  );

const itemName = async (tx: Transaction, itemType: 'objection' | 'faq' | 'landmine', itemId: string): Promise<string | null> => {
  if (itemType === 'landmine') {
    const [row] = await tx.select({ name: landmines.trigger }).from(landmines).where(eq(landmines.id, itemId)).limit(1);
    return row?.name ?? null;
  }
  const [row] = await tx
    .select({ name: dictionaryItems.question })
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.id, itemId), eq(dictionaryItems.kind, itemType), isNull(dictionaryItems.parentId)))
    .limit(1);
  return row?.name ?? null;
};

/** Labelling the same utterance the same way twice keeps the first label (a double click is one label). */
export const createPhraseLabel = async (db: Database, actor: AuditActor, body: PhraseLabelCreate) =>
  db.transaction(async (tx) => {
    const [call] = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.sessionId, body.sessionId)).limit(1);
    if (!call) throw notFoundError(`No session with id ${body.sessionId}.`);
    const [said] = await tx
      .select({ seq: sessionTranscripts.seq })
      .from(sessionTranscripts)
      .where(
        and(
          eq(sessionTranscripts.sessionId, call.id),
          eq(sessionTranscripts.speaker, body.speaker),
          eq(sessionTranscripts.text, body.text),
        ),
      )
      .limit(1);
    if (!said) throw new ApiHttpError(400, LABEL_NOT_AN_UTTERANCE, `The ${body.speaker} never said this in the call ${body.sessionId}.`);
    let name: string | null = null;
    if (body.itemType && body.itemId) {
      if (speakerOfItemType(body.itemType) !== body.speaker)
        throw new ApiHttpError(
          400,
          LABEL_SIDE_MISMATCH,
          `A ${body.itemType} is heard in what the ${speakerOfItemType(body.itemType)} says, not the ${body.speaker}.`,
        );
      name = await itemName(tx, body.itemType, body.itemId);
      if (name === null) throw notFoundError(`No ${body.itemType} with id ${body.itemId}.`);
    }
    const values = {
      callRowId: call.id,
      sessionId: body.sessionId,
      text: body.text,
      speaker: body.speaker,
      kind: body.kind,
      itemType: body.itemType ?? null,
      itemId: body.itemId ?? null,
      itemName: name,
      createdBy: actor.email ?? actor.uid,
    };
    const [row] = await tx.insert(phraseLabels).values(values).onConflictDoNothing().returning();
    if (!row) {
      const [existing] = await tx
        .select()
        .from(phraseLabels)
        .where(
          and(
            eq(phraseLabels.callRowId, call.id),
            eq(phraseLabels.speaker, body.speaker),
            eq(phraseLabels.text, body.text),
            eq(phraseLabels.kind, body.kind),
            sql`${phraseLabels.itemId} is not distinct from ${values.itemId}`,
          ),
        )
        .limit(1);
      return toRecord(existing);
    }
    await recordAudit(tx, {
      actor,
      action: 'phraseLabel.create',
      targetType: 'phraseLabel',
      targetId: row.id,
      changes: auditChanges(row, true),
    });
    return toRecord(row);
  });

export const deletePhraseLabel = async (db: Database, actor: AuditActor, id: string) =>
  db.transaction(async (tx) => {
    const [row] = await tx.delete(phraseLabels).where(eq(phraseLabels.id, id)).returning();
    if (!row) throw notFoundError(`No phrase label with id ${id}.`);
    await recordAudit(tx, {
      actor,
      action: 'phraseLabel.delete',
      targetType: 'phraseLabel',
      targetId: id,
      changes: auditChanges(row, false),
    });
    return toRecord(row);
  });

export interface LabelledPhrase {
  kind: (typeof phraseLabels.$inferSelect)['kind'];
  speaker: (typeof phraseLabels.$inferSelect)['speaker'];
  itemType: (typeof phraseLabels.$inferSelect)['itemType'];
  itemId: string | null;
  callRowId: string;
  vector: number[];
}

const EMBED_BATCH = 64;

/** Every label with its vector of `provider`'s model, the missing ones embedded first (docs/matching.md "Labelled phrases"). */
export const readLabelledPhrases = async (db: Database, provider: EmbeddingProvider): Promise<LabelledPhrase[]> => {
  const missing = await db
    .select({ id: phraseLabels.id, text: phraseLabels.text })
    .from(phraseLabels)
    .leftJoin(phraseLabelVectors, and(eq(phraseLabelVectors.labelId, phraseLabels.id), eq(phraseLabelVectors.model, provider.model)))
    .where(isNull(phraseLabelVectors.labelId));
  for (let at = 0; at < missing.length; at += EMBED_BATCH) {
    const batch = missing.slice(at, at + EMBED_BATCH);
    const vectors = await provider.embed(batch.map((row) => row.text));
    await db
      .insert(phraseLabelVectors)
      .values(batch.map((row, i) => ({ labelId: row.id, model: provider.model, vector: vectors[i] })))
      .onConflictDoNothing();
  }
  return db
    .select({
      kind: phraseLabels.kind,
      speaker: phraseLabels.speaker,
      itemType: phraseLabels.itemType,
      itemId: phraseLabels.itemId,
      callRowId: phraseLabels.callRowId,
      vector: phraseLabelVectors.vector,
    })
    .from(phraseLabels)
    .innerJoin(phraseLabelVectors, and(eq(phraseLabelVectors.labelId, phraseLabels.id), eq(phraseLabelVectors.model, provider.model)))
    .orderBy(phraseLabels.createdAt, phraseLabels.id);
};

/** How many labels each side has now, from how many calls. */
export const countLabels = async (db: Database | Transaction) => {
  const rows = (await db
    .select({
      speaker: phraseLabels.speaker,
      labels: sql<number>`count(*)::int`,
      calls: sql<number>`count(distinct ${phraseLabels.callRowId})::int`,
    })
    .from(phraseLabels)
    .groupBy(phraseLabels.speaker)) as { speaker: string; labels: number; calls: number }[];
  const of = (speaker: string) => {
    const row = rows.find((entry) => entry.speaker === speaker);
    return { labels: row?.labels ?? 0, calls: row?.calls ?? 0 };
  };
  return { customer: of('customer'), salesperson: of('salesperson') };
};
