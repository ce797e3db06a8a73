import { and, eq, type SQL, sql } from 'drizzle-orm';
import { SUGGESTION_MESSAGES, SUGGESTIONS_LIST_MAX, type SuggestedItem } from '../../../src/contract/variationSuggestions';
import type { Database, Transaction } from '../../db/client';
import { dictionaryItems, variationSuggestions } from '../../db/schema';
import { rowsOf } from '../insights/read';
import { notFoundError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit';
import { insertVariation } from '../dictionary';

/** One text per item: the same words heard on several calls are one suggestion, shown with its best-scoring call. */
const sameWords = (text: SQL | string) => sql`lower(trim(${text}))`;

interface ListedRow {
  id: string;
  text: string;
  score: number;
  reason: 'belowThreshold' | 'tooClose';
  runner_up: string | null;
  session_id: string;
  session_name: string;
  start_time: string;
  calls: number;
  item_id: string;
  kind: 'objection' | 'faq';
  question: string;
  category: string;
}

/** docs/matching.md "Suggested variations": the highest-scoring first, grouped by item (the item with most first). */
export const listSuggestions = async (db: Database): Promise<{ items: SuggestedItem[]; total: number }> => {
  const rows = await rowsOf<ListedRow>(
    db,
    sql`with heard as (
          select distinct on (s.item_id, ${sameWords(sql`s.text`)}) s.id, s.text, s.score, s.reason, s.runner_up_id, s.session_id, s.item_id,
            count(*) over (partition by s.item_id, ${sameWords(sql`s.text`)})::int as calls
          from variation_suggestions s
          order by s.item_id, ${sameWords(sql`s.text`)}, s.score desc, s.id
        )
        select h.id, h.text, h.score, h.reason, r.question as runner_up, c.session_id, c.session_name,
          to_char(c.start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start_time, h.calls,
          i.id as item_id, i.kind, i.question, i.category
        from heard h
        join dictionary_items i on i.id = h.item_id
        join sessions c on c.id = h.session_id
        left join dictionary_items r on r.id = h.runner_up_id
        order by h.score desc, h.id
        limit ${SUGGESTIONS_LIST_MAX}`,
  );
  const [{ total }] = await rowsOf<{ total: number }>(
    db,
    sql`select count(distinct (item_id, ${sameWords(sql`text`)}))::int as total from variation_suggestions`,
  );
  const items = new Map<string, SuggestedItem>();
  for (const row of rows) {
    const item = items.get(row.item_id) ?? {
      id: row.item_id,
      kind: row.kind,
      question: row.question,
      category: row.category,
      suggestions: [],
    };
    item.suggestions.push({
      id: row.id,
      text: row.text,
      score: row.score,
      reason: row.reason,
      runnerUp: row.runner_up,
      sessionId: row.session_id,
      sessionName: row.session_name,
      startTime: row.start_time,
      calls: row.calls,
    });
    items.set(row.item_id, item);
  }
  return {
    items: [...items.values()].sort((a, b) => b.suggestions.length - a.suggestions.length || a.question.localeCompare(b.question)),
    total,
  };
};

/** The same words for the same item leave with it. */
const dropSameWords = (tx: Transaction, taken: { itemId: string; text: string }) =>
  tx
    .delete(variationSuggestions)
    .where(
      and(eq(variationSuggestions.itemId, taken.itemId), sql`${sameWords(sql`${variationSuggestions.text}`)} = ${sameWords(taken.text)}`),
    )
    .returning({ id: variationSuggestions.id });

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

/** Added through the dictionary's own path (audited, embedded, a new configuration version). */
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
    const others = await dropSameWords(tx, taken);
    await recordAudit(tx, {
      actor,
      action: 'variationSuggestion.dismiss',
      targetType: 'variationSuggestion',
      targetId: id,
      changes: {
        itemId: { from: taken.itemId, to: null },
        utterance: { from: `${taken.sessionId}#${taken.seq}`, to: null },
        calls: { from: others.length + 1, to: 0 },
      },
    });
  });
