import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SUGGESTION_MESSAGES, SUGGESTIONS_LIST_MAX, type SuggestedItem } from '../../../src/contract/variationSuggestions';
import type { Database, Transaction } from '../../db/client';
import { dictionaryItems, sessions, variationSuggestions } from '../../db/schema';
import { notFoundError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit';
import { insertVariation } from '../dictionary';

const runnerUp = alias(dictionaryItems, 'runner_up');

/** docs/matching.md "Suggested variations": the highest-scoring first, grouped by item (the item with most first). */
export const listSuggestions = async (db: Database): Promise<{ items: SuggestedItem[]; total: number }> => {
  const rows = await db
    .select({
      id: variationSuggestions.id,
      text: variationSuggestions.text,
      score: variationSuggestions.score,
      reason: variationSuggestions.reason,
      runnerUp: runnerUp.question,
      sessionId: sessions.sessionId,
      sessionName: sessions.sessionName,
      startTime: sessions.startTime,
      itemId: dictionaryItems.id,
      kind: dictionaryItems.kind,
      question: dictionaryItems.question,
      category: dictionaryItems.category,
    })
    .from(variationSuggestions)
    .innerJoin(dictionaryItems, eq(dictionaryItems.id, variationSuggestions.itemId))
    .innerJoin(sessions, eq(sessions.id, variationSuggestions.sessionId))
    .leftJoin(runnerUp, eq(runnerUp.id, variationSuggestions.runnerUpId))
    .orderBy(desc(variationSuggestions.score), variationSuggestions.id)
    .limit(SUGGESTIONS_LIST_MAX);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(variationSuggestions);
  const items = new Map<string, SuggestedItem>();
  for (const { itemId, kind, question, category, startTime, ...suggestion } of rows) {
    const item = items.get(itemId) ?? { id: itemId, kind, question, category, suggestions: [] };
    item.suggestions.push({ ...suggestion, startTime: startTime.toISOString() });
    items.set(itemId, item);
  }
  return {
    items: [...items.values()].sort((a, b) => b.suggestions.length - a.suggestions.length || a.question.localeCompare(b.question)),
    total,
  };
};

const takeSuggestion = async (tx: Transaction, id: string) => {
  const [row] = await tx.delete(variationSuggestions).where(eq(variationSuggestions.id, id)).returning({
    itemId: variationSuggestions.itemId,
    sessionId: variationSuggestions.sessionId,
    seq: variationSuggestions.seq,
    text: variationSuggestions.text,
    score: variationSuggestions.score,
  });
  if (!row) throw notFoundError(SUGGESTION_MESSAGES.notFound);
  return row;
};

/** Added through the dictionary's own path (audited, embedded, a new configuration version); the same words for that item leave too. */
export const acceptSuggestion = async (db: Database, actor: AuditActor, id: string) =>
  db.transaction(async (tx) => {
    const taken = await takeSuggestion(tx, id);
    const [item] = await tx.select({ kind: dictionaryItems.kind }).from(dictionaryItems).where(eq(dictionaryItems.id, taken.itemId));
    const variation = await insertVariation(tx, actor, item.kind, taken.itemId, { question: taken.text });
    await tx
      .delete(variationSuggestions)
      .where(
        and(eq(variationSuggestions.itemId, taken.itemId), sql`lower(trim(${variationSuggestions.text})) = lower(trim(${taken.text}))`),
      );
    return { id: variation.id, kind: item.kind };
  });

/** The audit names the call and the utterance, never its words: they go when the call is erased. */
export const dismissSuggestion = async (db: Database, actor: AuditActor, id: string) =>
  db.transaction(async (tx) => {
    const taken = await takeSuggestion(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'variationSuggestion.dismiss',
      targetType: 'variationSuggestion',
      targetId: id,
      changes: { itemId: { from: taken.itemId, to: null }, utterance: { from: `${taken.sessionId}#${taken.seq}`, to: null } },
    });
  });
