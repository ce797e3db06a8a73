import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEFAULT_ORIGINAL_CATEGORY,
  DEFAULT_VARIATION_CATEGORY,
  type DictionaryItem,
  type DictionaryItemCreate,
  type DictionaryItemUpdate,
  type DictionaryKind,
  type DictionaryPagination,
  type GroupedItem,
  type GroupedQuery,
  type VariationCreate,
} from '../../src/contract/dictionary';
import type { Database, Transaction } from '../db/client';
import { containsPattern } from '../db/like';
import { dictionaryItems, type AuditChanges } from '../db/schema';
import { notFoundError, validationError, type ApiHttpError } from '../errors';
import { diffFields, recordAudit, type AuditActor } from './audit';
import { bumpConfigVersion } from './configVersion';
import { checkVersion, versionConflict } from './versions';

export type ItemKind = 'objection' | 'faq';
type Row = typeof dictionaryItems.$inferSelect;

export const KIND_BY_PATH: Record<DictionaryKind, ItemKind> = { objections: 'objection', faqs: 'faq' };
const LABEL: Record<ItemKind, string> = { objection: 'objection', faq: 'FAQ' };
const PATH_BY_KIND: Record<ItemKind, DictionaryKind> = { objection: 'objections', faq: 'faqs' };

export const toWireItem = (row: Row): DictionaryItem => ({
  _id: row.id,
  question: row.question,
  answer: row.answer,
  category: row.category,
  isOriginal: row.isOriginal,
  parentId: row.parentId,
  needsEmbedding: row.needsEmbedding,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

const notFound = (kind: ItemKind, id: string, row?: Row): ApiHttpError =>
  notFoundError(
    row && row.kind !== kind
      ? `No ${LABEL[kind]} with id ${id}: that id is ${row.kind === 'faq' ? 'a FAQ' : 'an objection'} (use /api/dictionary/${PATH_BY_KIND[row.kind]}).`
      : `No ${LABEL[kind]} with id ${id}.`,
  );

const invalid = validationError;

/** A 404 that says when the id belongs to the other kind. */
export const findItem = async (db: Database | Transaction, kind: ItemKind, id: string): Promise<Row> => {
  const [row] = await db.select().from(dictionaryItems).where(eq(dictionaryItems.id, id)).limit(1);
  if (!row || row.kind !== kind) throw notFound(kind, id, row);
  return row;
};

const findParent = async (tx: Database | Transaction, kind: ItemKind, parentId: string): Promise<Row> => {
  const [row] = await tx.select().from(dictionaryItems).where(eq(dictionaryItems.id, parentId)).limit(1);
  if (!row || row.kind !== kind) {
    throw notFoundError(
      row
        ? `The parent ${parentId} is ${row.kind === 'faq' ? 'a FAQ' : 'an objection'}, not ${kind === 'faq' ? 'a FAQ' : 'an objection'}.`
        : `No original ${LABEL[kind]} with id ${parentId}.`,
    );
  }
  if (!row.isOriginal) {
    throw invalid(`Cannot add a variation to a variation. Add it to the original ${LABEL[kind]} instead (id ${row.parentId}).`);
  }
  return row;
};

const createdChanges = (values: Record<string, unknown>): AuditChanges =>
  Object.fromEntries(Object.entries(values).map(([field, to]) => [field, { from: null, to: to ?? null }]));

export const listGrouped = async (
  db: Database,
  kind: ItemKind,
  query: GroupedQuery,
): Promise<{ items: GroupedItem[]; pagination: DictionaryPagination }> => {
  const variation = alias(dictionaryItems, 'variation');
  const conditions: SQL[] = [eq(dictionaryItems.kind, kind), eq(dictionaryItems.isOriginal, true)];
  if (query.category) conditions.push(eq(dictionaryItems.category, query.category));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(dictionaryItems.question, pattern),
        ilike(dictionaryItems.answer, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(variation)
            .where(and(eq(variation.parentId, dictionaryItems.id), ilike(variation.question, pattern))),
        ),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(dictionaryItems).where(where);
  const originals = await db
    .select()
    .from(dictionaryItems)
    .where(where)
    .orderBy(desc(dictionaryItems.createdAt), desc(dictionaryItems.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const variations =
    originals.length === 0
      ? []
      : await db
          .select()
          .from(dictionaryItems)
          .where(
            inArray(
              dictionaryItems.parentId,
              originals.map((row) => row.id),
            ),
          )
          .orderBy(asc(dictionaryItems.createdAt), asc(dictionaryItems.id));
  const byParent = new Map<string, Row[]>();
  for (const row of variations) byParent.set(row.parentId!, [...(byParent.get(row.parentId!) ?? []), row]);
  return {
    items: originals.map((row) => ({
      ...toWireItem(row),
      variations: (byParent.get(row.id) ?? []).map((child) => ({
        _id: child.id,
        question: child.question,
        category: child.category,
        needsEmbedding: child.needsEmbedding,
        version: child.version,
      })),
    })),
    pagination: { total, totalPages: Math.ceil(total / query.limit), page: query.page, limit: query.limit },
  };
};

export const insertVariation = async (
  tx: Transaction,
  actor: AuditActor,
  kind: ItemKind,
  parentId: string,
  input: { question: string; category?: string },
): Promise<Row> => {
  const parent = await findParent(tx, kind, parentId);
  const values = {
    kind,
    question: input.question,
    answer: parent.answer,
    category: input.category || DEFAULT_VARIATION_CATEGORY,
    isOriginal: false,
    parentId: parent.id,
  };
  const [row] = await tx.insert(dictionaryItems).values(values).returning();
  await recordAudit(tx, {
    actor,
    action: `${kind}.variation.create`,
    targetType: kind,
    targetId: row.id,
    changes: createdChanges({ question: row.question, category: row.category, parentId: row.parentId }),
  });
  await bumpConfigVersion(tx);
  return row;
};

export const createItem = async (db: Database, actor: AuditActor, kind: ItemKind, input: DictionaryItemCreate): Promise<DictionaryItem> => {
  const parentId = input.parentId ?? null;
  const isOriginal = input.isOriginal ?? parentId === null;
  if (isOriginal && parentId) throw invalid('An original cannot have a parentId: send isOriginal false to add a variation.');
  if (!isOriginal && !parentId) throw invalid('A variation needs the parentId of its original.');
  const row = await db.transaction(async (tx) => {
    if (parentId) return insertVariation(tx, actor, kind, parentId, input);
    const [created] = await tx
      .insert(dictionaryItems)
      .values({
        kind,
        question: input.question,
        answer: input.answer,
        category: input.category || DEFAULT_ORIGINAL_CATEGORY,
        isOriginal: true,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: `${kind}.create`,
      targetType: kind,
      targetId: created.id,
      changes: createdChanges({ question: created.question, answer: created.answer, category: created.category }),
    });
    await bumpConfigVersion(tx);
    return created;
  });
  return toWireItem(row);
};

export const createVariation = async (
  db: Database,
  actor: AuditActor,
  kind: ItemKind,
  parentId: string,
  input: VariationCreate,
): Promise<DictionaryItem> => toWireItem(await db.transaction((tx) => insertVariation(tx, actor, kind, parentId, input)));

/** A changed text marks the item Pending; an original's new answer is copied to its variations. */
export const updateItem = async (
  db: Database,
  actor: AuditActor,
  kind: ItemKind,
  id: string,
  input: DictionaryItemUpdate,
): Promise<DictionaryItem> => {
  const row = await db.transaction(async (tx) => {
    const current = await findItem(tx, kind, id);
    checkVersion(input.version, current.version, kind);
    if (input.isOriginal !== undefined && input.isOriginal !== current.isOriginal) {
      throw invalid(
        current.isOriginal ? 'An original cannot be turned into a variation.' : 'A variation cannot be turned into an original.',
      );
    }
    const next = {
      question: input.question,
      answer: current.isOriginal ? input.answer : current.answer,
      category: input.category || current.category,
    };
    const before = { question: current.question, answer: current.answer, category: current.category };
    const changes = diffFields(before, next);
    if (Object.keys(changes).length === 0) return current;
    const textChanged = 'question' in changes || 'answer' in changes;
    const now = new Date();
    const [updated] = await tx
      .update(dictionaryItems)
      .set({ ...next, updatedAt: now, version: current.version + 1, ...(textChanged ? { needsEmbedding: true } : {}) })
      .where(and(eq(dictionaryItems.id, id), eq(dictionaryItems.version, current.version)))
      .returning();
    if (!updated) throw versionConflict(kind);
    if (current.isOriginal && 'answer' in changes) {
      // The variations' answer changed too: an edit of one that started before is refused.
      await tx
        .update(dictionaryItems)
        .set({ answer: next.answer, updatedAt: now, version: sql`${dictionaryItems.version} + 1` })
        .where(eq(dictionaryItems.parentId, id));
    }
    await recordAudit(tx, { actor, action: `${kind}.update`, targetType: kind, targetId: id, changes });
    await bumpConfigVersion(tx);
    return updated;
  });
  return toWireItem(row);
};

export const generationContext = async (
  db: Database,
  kind: ItemKind,
  id: string,
): Promise<{ question: string; answer: string; existing: string[] }> => {
  const item = await findItem(db, kind, id);
  if (!item.isOriginal) {
    throw invalid(`Variations are generated for originals only. Generate them for the original ${LABEL[kind]} (id ${item.parentId}).`);
  }
  const children = await db.select({ question: dictionaryItems.question }).from(dictionaryItems).where(eq(dictionaryItems.parentId, id));
  return { question: item.question, answer: item.answer, existing: children.map((child) => child.question) };
};
