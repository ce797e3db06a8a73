import {
  MATCH_FAILED,
  MATCH_RESULTS_MAX,
  NEAR_DUPLICATE_THRESHOLD,
  type DictionaryMatch,
  type DictionaryMatchBody,
  type DictionaryMatchResult,
} from '../../../src/contract/dictionaryMatch';
import type { Database } from '../../db/client';
import { dictionaryItems } from '../../db/schema';
import { ApiHttpError } from '../../errors';
import { readConfigVersion } from '../configVersion';
import { cosineSimilarity, type EmbeddingProvider } from './embeddings';
import type { LandmineIndex, LandmineVectors } from './landmineVectors';
import { decide, decideLandmine, type IndexedText, scoreItems } from './rule';
import { readMatchingRule } from './settings';

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

/** docs/api.md "Test a phrase": the customer's side (objections, FAQs), the salesperson's (landmines) or both. */
export const createDictionaryMatcher = (db: Database, provider: EmbeddingProvider, landmineVectors: LandmineVectors): DictionaryMatcher => {
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

  const match: DictionaryMatcher['match'] = async ({ text, excludeId, speaker, threshold, landmineThreshold }, log) => {
    const items = speaker === 'salesperson' ? [] : await dictionaryRows();
    const inForce = await readMatchingRule(db, provider.model);
    const rule = {
      ...inForce,
      threshold: threshold ?? inForce.threshold,
      landmineThreshold: landmineThreshold ?? inForce.landmineThreshold,
    };
    let vector: number[];
    let mines: LandmineIndex;
    try {
      [vector] = await provider.embed([text]);
      mines = speaker === 'customer' ? { landmines: [], index: [], compliant: [] } : await landmineVectors.read();
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
    const firedMine = decideLandmine(
      scoreItems(
        vector,
        mines.index.filter((entry) => entry.itemId !== excludeId),
      ),
      Math.max(-1, ...mines.compliant.map((safe) => cosineSimilarity(vector, safe))),
      rule.landmineThreshold,
    );
    for (const mine of mines.landmines) {
      if (mine.id === excludeId) continue;
      const top = best(
        vector,
        mine.texts.map((candidate, index) => ({ text: candidate, vector: mine.vectors[index] })),
      );
      if (!top) continue;
      found.push({
        type: 'landmine',
        id: mine.id,
        question: mine.trigger,
        category: mine.category,
        score: score(top.similarity),
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
      landmineThreshold: rule.landmineThreshold,
      landmineThresholdSource: rule.landmineSource,
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
