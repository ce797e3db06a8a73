import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dictionaryItems, variationSuggestions } from '../../db/schema';
import { cosineSimilarity } from '../matching/embeddings/local';
import type { RelatedPhrasing } from './generator';

const FROM_CALLS_MAX = 50;

/** What the offline generator paraphrases from: the item's suggestions from calls, and every other item, closest first. */
export const variationSources = async (db: Database, id: string): Promise<{ fromCalls: string[]; related: RelatedPhrasing[] }> => {
  const said = await db
    .select({ text: variationSuggestions.text })
    .from(variationSuggestions)
    .where(eq(variationSuggestions.itemId, id))
    .orderBy(desc(variationSuggestions.score))
    .limit(FROM_CALLS_MAX);
  const rows = await db
    .select({
      id: dictionaryItems.id,
      parentId: dictionaryItems.parentId,
      question: dictionaryItems.question,
      embedding: dictionaryItems.embedding,
      embeddingModel: dictionaryItems.embeddingModel,
    })
    .from(dictionaryItems)
    .orderBy(dictionaryItems.createdAt, dictionaryItems.id);
  const originals = new Map(
    rows
      .filter((row) => row.parentId === null)
      .map((row) => [row.id, { question: row.question, vector: row.embedding, model: row.embeddingModel, variations: [] as string[] }]),
  );
  for (const row of rows) if (row.parentId) originals.get(row.parentId)?.variations.push(row.question);
  const self = originals.get(id);
  const closeness = (other: { vector: number[] | null; model: string | null }) =>
    self?.vector && other.vector && self.model === other.model ? cosineSimilarity(self.vector, other.vector) : -1;
  const related = [...originals.entries()]
    .filter(([other]) => other !== id)
    .map(([, item]) => ({ item, score: closeness(item) }))
    .sort((a, b) => b.score - a.score)
    .map(({ item }) => ({ question: item.question, variations: item.variations }));
  return { fromCalls: said.map((row) => row.text), related };
};
