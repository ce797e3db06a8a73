import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { count } from 'drizzle-orm';
import { z } from 'zod';
import { LIMITS } from '../../src/contract/common';
import { landmineCreateSchema } from '../../src/contract/landmines';
import type { Database } from '../db/client';
import { dictionaryItems, landmines } from '../db/schema';
import { hashedBagOfWords, LOCAL_EMBEDDING_MODEL } from '../services/matching/embeddings/local';
import { bumpConfigVersion } from '../services/configVersion';

const DATA_DIR = resolve(import.meta.dirname, 'dictionaryData');

const itemFileSchema = z.array(
  z
    .object({
      question: z.string().min(1).max(LIMITS.question),
      answer: z.string().min(1).max(LIMITS.answer),
      category: z.string().min(1).max(LIMITS.name),
      variations: z.array(z.string().min(1).max(LIMITS.question)).max(LIMITS.listItems),
    })
    .strict(),
);

const readJson = (file: string): unknown => JSON.parse(readFileSync(resolve(DATA_DIR, file), 'utf8'));

/** Validated by the same rules as the API. */
export const loadDictionaryData = () => ({
  objections: itemFileSchema.parse(readJson('objections.json')),
  faqs: itemFileSchema.parse(readJson('faqs.json')),
  landmines: z.array(landmineCreateSchema).parse(readJson('landmines.json')),
});

/** Stored Ready with the hashed bag-of-words (milliseconds); a server on another model re-embeds them in the background. */
export const seedDictionary = async ({ db, log = () => {} }: { db: Database; log?: (line: string) => void }): Promise<boolean> => {
  const [{ items }] = await db.select({ items: count() }).from(dictionaryItems);
  const [{ mines }] = await db.select({ mines: count() }).from(landmines);
  if (items > 0 || mines > 0) return false;
  const data = loadDictionaryData();
  const start = Date.now();
  await db.transaction(async (tx) => {
    let variationTotal = 0;
    for (const [kind, list] of [
      ['objection', data.objections],
      ['faq', data.faqs],
    ] as const) {
      const originals = await tx
        .insert(dictionaryItems)
        .values(
          list.map((item, index) => ({
            kind,
            question: item.question,
            answer: item.answer,
            category: item.category,
            isOriginal: true,
            needsEmbedding: false,
            embedding: hashedBagOfWords(item.question),
            embeddingModel: LOCAL_EMBEDDING_MODEL,
            createdAt: new Date(start - index * 60_000),
            updatedAt: new Date(start - index * 60_000),
          })),
        )
        .returning({ id: dictionaryItems.id, question: dictionaryItems.question });
      const idByQuestion = new Map(originals.map((row) => [row.question, row.id]));
      const variations = list.flatMap((item, index) =>
        item.variations.map((question, position) => ({
          kind,
          question,
          answer: item.answer,
          category: 'Variation',
          isOriginal: false,
          parentId: idByQuestion.get(item.question)!,
          needsEmbedding: false,
          embedding: hashedBagOfWords(question),
          embeddingModel: LOCAL_EMBEDDING_MODEL,
          createdAt: new Date(start - index * 60_000 + (position + 1) * 1_000),
          updatedAt: new Date(start - index * 60_000 + (position + 1) * 1_000),
        })),
      );
      if (variations.length > 0) await tx.insert(dictionaryItems).values(variations);
      variationTotal += variations.length;
    }
    await tx.insert(landmines).values(
      data.landmines.map((landmine, index) => ({
        ...landmine,
        createdAt: new Date(start - index * 60_000),
        updatedAt: new Date(start - index * 60_000),
      })),
    );
    await bumpConfigVersion(tx);
    log(
      `Seeded ${data.objections.length} objections and ${data.faqs.length} FAQs (${variationTotal} variations) and ${data.landmines.length} landmines`,
    );
  });
  return true;
};
