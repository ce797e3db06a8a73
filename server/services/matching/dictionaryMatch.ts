import { eq } from 'drizzle-orm';
import {
  MATCH_FAILED,
  MATCH_RESULTS_MAX,
  NEAR_DUPLICATE_THRESHOLD,
  type DictionaryMatch,
  type DictionaryMatchBody,
  type DictionaryMatchResult,
} from '../../../src/contract/dictionaryMatch';
import { plausibleRangeFor } from '../../../src/contract/matching';
import type { Database } from '../../db/client';
import { dictionaryItems, landmines } from '../../db/schema';
import { ApiHttpError } from '../../errors';
import { readConfigVersion } from '../configVersion';
import { cosineSimilarity, type EmbeddingProvider } from './embeddings';
import { calibrateLandmines, decide, decideLandmine, type IndexedText, landmineTexts, scoreItems } from './rule';
import { readMatchingRule } from './settings';

/** Valid while `stamp` is unchanged. */
interface LandmineVectors {
  stamp: string;
  model: string;
  texts: string[];
  vectors: number[][];
  /** Can-say points: compliant lines a landmine must outscore. */
  compliant: number[][];
}

interface DictionaryRow {
  id: string;
  kind: 'objection' | 'faq';
  question: string;
  category: string;
  parentId: string | null;
  needsEmbedding: boolean;
  embedding: number[] | null;
  embeddingModel: string | null;
}

export interface DictionaryMatcher {
  match(body: DictionaryMatchBody, log?: { warn(details: object, message: string): void }): Promise<DictionaryMatchResult>;
}

const score = (similarity: number) => Math.round(Math.min(1, Math.max(0, similarity)) * 10_000) / 10_000;

const best = (vector: number[], candidates: { text: string; vector: number[] }[]) =>
  candidates.reduce<{ text: string; similarity: number } | null>((top, candidate) => {
    const similarity = cosineSimilarity(vector, candidate.vector);
    return !top || similarity > top.similarity ? { text: candidate.text, similarity } : top;
  }, null);

/** docs/api.md "Test a phrase". Landmines have no stored embedding: embedded here and kept until the landmine changes. */
export const createDictionaryMatcher = (db: Database, provider: EmbeddingProvider): DictionaryMatcher => {
  const landmineCache = new Map<string, LandmineVectors>();
  let landmineIndex: { index: IndexedText[]; compliant: number[][]; threshold: number | null } | null = null;

  const landmineCandidates = async (): Promise<{ id: string; trigger: string; category: string; entry: LandmineVectors }[]> => {
    const rows = await db
      .select({
        id: landmines.id,
        trigger: landmines.trigger,
        triggerVariations: landmines.triggerVariations,
        canSay: landmines.canSay,
        cannotSay: landmines.cannotSay,
        category: landmines.category,
        updatedAt: landmines.updatedAt,
      })
      .from(landmines)
      .where(eq(landmines.isActive, true));
    const live = new Set(rows.map((row) => row.id));
    for (const id of landmineCache.keys())
      if (!live.has(id)) {
        landmineCache.delete(id);
        landmineIndex = null;
      }
    const stale = rows.filter((row) => {
      const cached = landmineCache.get(row.id);
      return !cached || cached.stamp !== row.updatedAt.toISOString() || cached.model !== provider.model;
    });
    if (stale.length > 0) {
      const texts = stale.map(landmineTexts);
      const safe = stale.map((row) => row.canSay.map((entry) => entry.point).filter((text) => text.trim() !== ''));
      const vectors = await provider.embed([...texts.flat(), ...safe.flat()]);
      let next = 0;
      const take = (length: number) => {
        next += length;
        return vectors.slice(next - length, next);
      };
      const own = texts.map((list) => take(list.length));
      stale.forEach((row, index) => {
        landmineCache.set(row.id, {
          stamp: row.updatedAt.toISOString(),
          model: provider.model,
          texts: texts[index],
          vectors: own[index],
          compliant: take(safe[index].length),
        });
      });
      landmineIndex = null;
    }
    if (!landmineIndex) {
      const index = rows.flatMap((row) =>
        landmineCache.get(row.id)!.texts.map((text, at) => ({ itemId: row.id, text, vector: landmineCache.get(row.id)!.vectors[at] })),
      );
      landmineIndex = {
        index,
        compliant: rows.flatMap((row) => landmineCache.get(row.id)!.compliant),
        threshold: calibrateLandmines(index, plausibleRangeFor(provider.model).min),
      };
    }
    return rows.map((row) => ({ id: row.id, trigger: row.trigger, category: row.category, entry: landmineCache.get(row.id)! }));
  };

  // Read again only when the configuration version moved, which every change to an item or embedding raises.
  let dictionary: { version: number; rows: Promise<DictionaryRow[]> } | null = null;
  const dictionaryRows = async (): Promise<DictionaryRow[]> => {
    const { version } = await readConfigVersion(db);
    if (dictionary?.version !== version) {
      const rows = db
        .select({
          id: dictionaryItems.id,
          kind: dictionaryItems.kind,
          question: dictionaryItems.question,
          category: dictionaryItems.category,
          parentId: dictionaryItems.parentId,
          needsEmbedding: dictionaryItems.needsEmbedding,
          embedding: dictionaryItems.embedding,
          embeddingModel: dictionaryItems.embeddingModel,
        })
        .from(dictionaryItems);
      dictionary = { version, rows: rows.then((list) => list) };
      dictionary.rows.catch(() => {
        dictionary = null;
      });
    }
    return dictionary.rows;
  };

  const match: DictionaryMatcher['match'] = async ({ text, excludeId }, log) => {
    const items = await dictionaryRows();
    const rule = await readMatchingRule(db, provider.model);
    let vector: number[];
    let mines: Awaited<ReturnType<typeof landmineCandidates>>;
    try {
      [vector] = await provider.embed([text]);
      mines = await landmineCandidates();
    } catch (error) {
      log?.warn({ event: 'dictionary.match.failed', err: error instanceof Error ? error.message : String(error) }, 'phrase match failed');
      throw new ApiHttpError(502, MATCH_FAILED, 'The phrase could not be compared right now. Please try again later.');
    }

    const originals = new Map(items.filter((item) => item.parentId === null).map((item) => [item.id, item]));
    const index: IndexedText[] = [];
    for (const item of items) {
      const originalId = item.parentId ?? item.id;
      if (excludeId && (item.id === excludeId || originalId === excludeId)) continue;
      if (item.needsEmbedding || !item.embedding || item.embeddingModel !== provider.model) continue;
      if (!originals.has(originalId)) continue;
      index.push({ itemId: originalId, text: item.question, vector: item.embedding });
    }
    const ranked = scoreItems(vector, index);
    const verdict = decide(ranked, rule);

    const found: DictionaryMatch[] = ranked.map((entry) => {
      const original = originals.get(entry.itemId)!;
      return {
        type: original.kind,
        id: entry.itemId,
        question: original.question,
        category: original.category,
        score: score(entry.score),
        matchedText: entry.text,
        viaVariation: entry.text !== original.question,
        wouldFire: verdict.outcome === 'fires' && verdict.itemId === entry.itemId,
      };
    });
    const mineIndex = landmineIndex!.index.filter((entry) => entry.itemId !== excludeId);
    const landmineThreshold = landmineIndex!.threshold ?? rule.threshold;
    const firedMine = decideLandmine(
      scoreItems(vector, mineIndex),
      Math.max(-1, ...landmineIndex!.compliant.map((safe) => cosineSimilarity(vector, safe))),
      landmineThreshold,
    );
    for (const mine of mines) {
      if (mine.id === excludeId) continue;
      const top = best(
        vector,
        mine.entry.texts.map((candidate, index) => ({ text: candidate, vector: mine.entry.vectors[index] })),
      );
      if (!top) continue;
      const value = score(top.similarity);
      found.push({
        type: 'landmine',
        id: mine.id,
        question: mine.trigger,
        category: mine.category,
        score: value,
        matchedText: top.text,
        viaVariation: top.text !== mine.trigger,
        wouldFire: firedMine === mine.id,
      });
    }

    const matches = found
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score || a.question.localeCompare(b.question))
      .slice(0, MATCH_RESULTS_MAX);
    return {
      matches,
      threshold: rule.threshold,
      landmineThreshold,
      margin: rule.margin,
      thresholdSource: rule.source,
      calibratedAt: rule.calibratedAt,
      verdict,
      nearDuplicateThreshold: NEAR_DUPLICATE_THRESHOLD,
      model: provider.model,
    };
  };

  return { match };
};
