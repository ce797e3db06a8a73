import { desc, eq } from 'drizzle-orm';
import type { AssistantConfig, ConfigEmbedding, ConfigItem, ConfigLandmine } from '../../src/contract/assistant';
import type { Database, Transaction } from '../db/client';
import { battlecards, dictionaryItems, landmines } from '../db/schema';
import { readConfigVersion } from './configVersion';
import { toWireLandmine } from './landmines';
import { readMatchingRule } from './matching/settings';
import { encodeInt8 } from './matching/vectorEncoding';
import { readSpeechRate } from './speechRate';

type ItemRow = Pick<
  typeof dictionaryItems.$inferSelect,
  'id' | 'kind' | 'question' | 'answer' | 'category' | 'isOriginal' | 'parentId' | 'needsEmbedding' | 'embedding' | 'embeddingModel'
>;

const toConfigLandmine = (row: typeof landmines.$inferSelect): ConfigLandmine => {
  const { isActive: _isActive, createdAt: _createdAt, version: _version, ...landmine } = toWireLandmine(row);
  return landmine;
};

const embeddingOf = (row: ItemRow): ConfigEmbedding =>
  row.needsEmbedding || !row.embedding || !row.embeddingModel
    ? null
    : { model: row.embeddingModel, dimensions: row.embedding.length, ...encodeInt8(row.embedding) };

const groupItems = (rows: readonly ItemRow[], kind: ItemRow['kind']): ConfigItem[] => {
  const variations = new Map<string, ConfigItem['variations']>();
  for (const row of rows) {
    if (row.kind !== kind || row.isOriginal) continue;
    const list = variations.get(row.parentId!) ?? [];
    list.push({ _id: row.id, question: row.question, category: row.category, embedding: embeddingOf(row) });
    variations.set(row.parentId!, list);
  }
  return rows
    .filter((row) => row.kind === kind && row.isOriginal)
    .map((row) => ({
      _id: row.id,
      question: row.question,
      answer: row.answer,
      category: row.category,
      embedding: embeddingOf(row),
      variations: variations.get(row.id) ?? [],
    }));
};

const readSnapshot = async (tx: Database | Transaction, model: string): Promise<AssistantConfig> => {
  const { version } = await readConfigVersion(tx);
  const items = await tx
    .select({
      id: dictionaryItems.id,
      kind: dictionaryItems.kind,
      question: dictionaryItems.question,
      answer: dictionaryItems.answer,
      category: dictionaryItems.category,
      isOriginal: dictionaryItems.isOriginal,
      parentId: dictionaryItems.parentId,
      needsEmbedding: dictionaryItems.needsEmbedding,
      embedding: dictionaryItems.embedding,
      embeddingModel: dictionaryItems.embeddingModel,
    })
    .from(dictionaryItems)
    .orderBy(desc(dictionaryItems.createdAt), desc(dictionaryItems.id));
  const originalsFirst = items.filter((row) => row.isOriginal);
  const variationsOldestFirst = items.filter((row) => !row.isOriginal).reverse();
  const mines = await tx
    .select()
    .from(landmines)
    .where(eq(landmines.isActive, true))
    .orderBy(desc(landmines.createdAt), desc(landmines.id));
  const cards = await tx
    .select({
      id: battlecards.id,
      name: battlecards.name,
      otherNames: battlecards.otherNames,
      talkTrack: battlecards.talkTrack,
      proofPoints: battlecards.proofPoints,
    })
    .from(battlecards)
    .where(eq(battlecards.isActive, true))
    .orderBy(battlecards.name, battlecards.id);
  const speechRate = await readSpeechRate(tx);
  const matching = await readMatchingRule(tx, model);
  const rows = [...originalsFirst, ...variationsOldestFirst];
  return {
    version,
    generatedAt: new Date().toISOString(),
    objections: groupItems(rows, 'objection'),
    faqs: groupItems(rows, 'faq'),
    landmines: mines.map(toConfigLandmine),
    battlecards: cards,
    speechRate,
    matching,
  };
};

/** One repeatable-read transaction, so the version and the data are the same moment's while admins edit elsewhere. */
export const readAssistantConfig = (db: Database, model: string): Promise<AssistantConfig> =>
  db.transaction((tx) => readSnapshot(tx, model), { isolationLevel: 'repeatable read', accessMode: 'read only' });
