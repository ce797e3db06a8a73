import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { landmines } from '../../db/schema';
import type { EmbeddingProvider } from './embeddings';
import { type IndexedText, landmineTexts } from './rule';

export interface LandmineEntry {
  id: string;
  trigger: string;
  category: string;
  texts: string[];
  vectors: number[][];
}

/** The active landmines' texts with their vectors, and the can-say points a landmine must outscore. */
export interface LandmineIndex {
  landmines: LandmineEntry[];
  index: IndexedText[];
  compliant: number[][];
}

/** Valid while `stamp` is unchanged. */
interface Cached extends LandmineEntry {
  stamp: string;
  model: string;
  compliant: number[][];
}

/**
 * Landmines have no stored embedding (docs/matching.md "The rule" 3): their texts are embedded
 * here, once, and kept until the landmine changes or the model does.
 */
export const createLandmineVectors = (db: Database, provider: EmbeddingProvider) => {
  const cache = new Map<string, Cached>();
  let built: LandmineIndex | null = null;

  const read = async (): Promise<LandmineIndex> => {
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
      .where(eq(landmines.isActive, true))
      .orderBy(landmines.createdAt, landmines.id);
    const live = new Set(rows.map((row) => row.id));
    for (const id of cache.keys())
      if (!live.has(id)) {
        cache.delete(id);
        built = null;
      }
    const stale = rows.filter((row) => {
      const cached = cache.get(row.id);
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
      stale.forEach((row, at) => {
        cache.set(row.id, {
          id: row.id,
          trigger: row.trigger,
          category: row.category,
          stamp: row.updatedAt.toISOString(),
          model: provider.model,
          texts: texts[at],
          vectors: own[at],
          compliant: take(safe[at].length),
        });
      });
      built = null;
    }
    if (!built) {
      const entries = rows.map((row) => cache.get(row.id)!);
      built = {
        landmines: entries,
        index: entries.flatMap((entry) => entry.texts.map((text, at) => ({ itemId: entry.id, text, vector: entry.vectors[at] }))),
        compliant: entries.flatMap((entry) => entry.compliant),
      };
    }
    return built;
  };
  return { read };
};

export type LandmineVectors = ReturnType<typeof createLandmineVectors>;
