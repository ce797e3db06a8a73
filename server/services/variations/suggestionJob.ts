import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, sessionTranscripts, variationSuggestions, variationSuggestionScans } from '../../db/schema';
import { readConfigVersion } from '../configVersion';
import type { EmbeddingProvider } from '../matching/embeddings/provider';
import { countEmbeddingQueue } from '../matching/embeddings/worker';
import { decide, type IndexedText, scoreItems } from '../matching/rule';
import { readIndex, readRow, ruleOf } from '../matching/settings';
import { type BatchJobOptions, startPollingJob } from '../pollingJob';
import { normaliseQuestion } from './validate';

/** docs/matching.md "Suggested variations": how far below the threshold a best item still makes a suggestion. */
export const SUGGESTION_BAND = 0.1;
/** "Yes", "okay, sure": too short to teach an item anything. */
const MIN_WORDS = 3;
/** Calls repeat their customers' lines (the demo's 8,067 lines hold 624 texts): each text is embedded once. */
const REMEMBERED_TEXTS = 10_000;

export interface SuggestionJobOptions extends BatchJobOptions<Database, EmbeddingProvider> {
  /** Default 2 s: old calls are read at a pace that leaves the server its cores. */
  intervalMs?: number;
  /** Customer utterances per pass (default 32); a pass reads whole calls, at least one. */
  batchSize?: number;
  /** Default true: suggestions measured against a threshold about to move would mislead. */
  waitForCalibration?: boolean;
}

export interface Candidate {
  sessionId: string;
  seq: number;
  text: string;
  vector: number[];
}

export interface Suggestion {
  sessionId: string;
  seq: number;
  itemId: string;
  runnerUpId: string | null;
  text: string;
  score: number;
  reason: 'belowThreshold' | 'tooClose';
}

/** The utterances whose best item did not fire, though it came within the band or too close to a second item. */
export const suggestionsOf = (
  candidates: readonly Candidate[],
  index: readonly IndexedText[],
  rule: { threshold: number; margin: number },
) => {
  const known = new Set(index.map((entry) => `${entry.itemId}\n${normaliseQuestion(entry.text)}`));
  const found: Suggestion[] = [];
  for (const candidate of candidates) {
    const ranked = scoreItems(candidate.vector, index);
    const verdict = decide(ranked, rule);
    const [top] = ranked;
    if (!top || (verdict.outcome !== 'belowThreshold' && verdict.outcome !== 'tooClose')) continue;
    if (verdict.outcome === 'belowThreshold' && top.score < rule.threshold - SUGGESTION_BAND) continue;
    if (known.has(`${top.itemId}\n${normaliseQuestion(candidate.text)}`)) continue;
    found.push({
      sessionId: candidate.sessionId,
      seq: candidate.seq,
      itemId: top.itemId,
      runnerUpId: verdict.outcome === 'tooClose' ? verdict.runnerUpId : null,
      text: candidate.text,
      score: Math.round(top.score * 10_000) / 10_000,
      reason: verdict.outcome,
    });
  }
  return found;
};

/** Embeds outside any transaction; stores under a share lock of the calls, so a call erased meanwhile leaves nothing. */
export const startSuggestionJob = (options: SuggestionJobOptions, { autoStart = true } = {}) => {
  const { db, provider } = options;
  const batchSize = options.batchSize ?? 32;
  let dictionary: { version: number; index: Promise<IndexedText[]> } | null = null;
  const remembered = new Map<string, number[]>();
  const embed = async (texts: string[], signal: AbortSignal) => {
    const missing = texts.filter((text) => !remembered.has(text));
    const vectors = missing.length > 0 ? await provider.embed(missing, signal) : [];
    for (const [at, vector] of vectors.entries()) {
      if (remembered.size >= REMEMBERED_TEXTS) remembered.delete(remembered.keys().next().value!);
      remembered.set(missing[at], vector);
    }
    return new Map(texts.map((text) => [text, remembered.get(text) ?? vectors[missing.indexOf(text)]]));
  };
  const readDictionary = async () => {
    const { version } = await readConfigVersion(db);
    if (dictionary?.version !== version) dictionary = { version, index: readIndex(db, provider.model) };
    return dictionary.index.catch((error: unknown) => {
      dictionary = null;
      throw error;
    });
  };

  const pass = async (signal: AbortSignal): Promise<number> => {
    const row = await readRow(db, provider.model);
    const rule = ruleOf(provider.model, row);
    if ((options.waitForCalibration ?? true) && rule.source === 'default' && !row?.calibratedAt) return 0;
    if ((await countEmbeddingQueue(db, provider.model)) > 0) return 0;
    const calls = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.status, 'completed'),
          sql`not exists (select 1 from ${variationSuggestionScans} where ${variationSuggestionScans.sessionId} = ${sessions.id})`,
        ),
      )
      .orderBy(desc(sessions.startTime), desc(sessions.id))
      .limit(batchSize);
    if (calls.length === 0) return 0;
    const said = await db
      .select({ sessionId: sessionTranscripts.sessionId, seq: sessionTranscripts.seq, text: sessionTranscripts.text })
      .from(sessionTranscripts)
      .where(
        and(
          inArray(
            sessionTranscripts.sessionId,
            calls.map((call) => call.id),
          ),
          eq(sessionTranscripts.speaker, 'customer'),
        ),
      );
    // Whole calls, newest first, until the batch is full.
    const taken: string[] = [];
    const utterances: typeof said = [];
    for (const call of calls) {
      const ofCall = said.filter((line) => line.sessionId === call.id && line.text.trim().split(/\s+/).length >= MIN_WORDS);
      if (taken.length > 0 && utterances.length + ofCall.length > batchSize) break;
      taken.push(call.id);
      utterances.push(...ofCall);
    }
    const texts = [...new Set(utterances.map((line) => line.text.trim()))];
    const vectorOf = await embed(texts, signal);
    const found = suggestionsOf(
      utterances.map((line) => ({ ...line, text: line.text.trim(), vector: vectorOf.get(line.text.trim())! })),
      await readDictionary(),
      rule,
    );
    return db.transaction(async (tx) => {
      const live = await tx.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, taken)).for('share');
      const ids = new Set(live.map((call) => call.id));
      if (ids.size === 0) return 0;
      await tx
        .insert(variationSuggestionScans)
        .values([...ids].map((sessionId) => ({ sessionId, model: provider.model })))
        .onConflictDoNothing();
      const kept = found.filter((suggestion) => ids.has(suggestion.sessionId));
      if (kept.length > 0)
        await tx
          .insert(variationSuggestions)
          .values(kept.map((suggestion) => ({ ...suggestion, model: provider.model })))
          .onConflictDoNothing();
      return ids.size;
    });
  };

  return startPollingJob({
    pass,
    goAgain: () => false,
    intervalMs: options.intervalMs ?? 2_000,
    initialBackoffMs: options.initialBackoffMs,
    maxBackoffMs: options.maxBackoffMs,
    onFailure: (error, retryInMs) =>
      options.log?.warn(
        { event: 'variations.suggestions_failed', err: error instanceof Error ? error.message : String(error), retryInMs },
        'reading calls for suggested variations failed; they are read again later',
      ),
    autoStart,
  });
};
