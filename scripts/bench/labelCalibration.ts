import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { dictionaryItems, phraseLabels, phraseLabelVectors, sessions } from '../../server/db/schema';
import { seedDictionary } from '../../server/seed/seedDictionary';
import { recalibrate, SYSTEM_ACTOR } from '../../server/services/matching/calibration';
import { readLabelledPhrases } from '../../server/services/phraseLabels';
import { SENTENCE_ENCODER_MODEL } from '../../server/services/matching/embeddings';

/**
 * The calibration on labelled phrases at scale (docs/matching.md "Labelled phrases", goal <= 5 s for 10,000 labels):
 * the seed dictionary and 10,000 labels over 100 calls on PGlite, every vector of the default model's 768 dimensions
 * (made here, as the arithmetic costs the same whatever the numbers), timed from the Recalibrate call to its answer.
 */
const LABELS = 10_000;
const CALLS = 100;
const DIMENSIONS = 768;
const MODEL = SENTENCE_ENCODER_MODEL;

let state = 1;
const random = () => {
  state = (state * 48_271) % 2_147_483_647;
  return state / 2_147_483_647 - 0.5;
};
const near = (vector: readonly number[], noise: number) => vector.map((value) => value + noise * random());
const vectorOf = () => Array.from({ length: DIMENSIONS }, random);

export const benchLabelCalibration = async ({ log = console.log } = {}) => {
  const opened = await openDatabase({ dataDir: 'memory' });
  const { db } = opened;
  try {
    await seedDictionary({ db });
    const items = await db
      .select({ id: dictionaryItems.id, parentId: dictionaryItems.parentId, kind: dictionaryItems.kind })
      .from(dictionaryItems);
    const centre = new Map<string, number[]>();
    for (const item of items) {
      const original = item.parentId ?? item.id;
      if (!centre.has(original)) centre.set(original, vectorOf());
      await db
        .update(dictionaryItems)
        .set({ embedding: near(centre.get(original)!, 0.6), embeddingModel: MODEL, needsEmbedding: false })
        .where(sql`${dictionaryItems.id} = ${item.id}`);
    }
    const calls = await db
      .insert(sessions)
      .values(
        Array.from({ length: CALLS }, (_, at) => ({
          sessionId: `bench-labels-${at}`,
          sessionName: `Bench ${at}`,
          userEmail: 'bench@example.test',
          startTime: new Date(Date.UTC(2026, 10, 1, 9, at)),
          duration: 600,
          status: 'completed' as const,
        })),
      )
      .returning({ id: sessions.id, sessionId: sessions.sessionId });
    const originals = items.filter((item) => item.parentId === null);
    for (let start = 0; start < LABELS; start += 500) {
      const rows = Array.from({ length: Math.min(500, LABELS - start) }, (_, k) => {
        const at = start + k;
        const item = originals[at % originals.length];
        const nothing = at % 5 === 4;
        const call = calls[at % CALLS];
        return {
          callRowId: call.id,
          sessionId: call.sessionId,
          text: `bench phrase ${at}`,
          speaker: 'customer' as const,
          kind: nothing ? ('nothing' as const) : ('shouldFire' as const),
          itemType: nothing ? null : item.kind,
          itemId: nothing ? null : item.id,
          itemName: null,
          createdBy: 'bench',
        };
      });
      const saved = await db.insert(phraseLabels).values(rows).returning({ id: phraseLabels.id, itemId: phraseLabels.itemId });
      await db
        .insert(phraseLabelVectors)
        .values(
          saved.map((row) => ({ labelId: row.id, model: MODEL, vector: row.itemId ? near(centre.get(row.itemId)!, 0.9) : vectorOf() })),
        );
    }
    const provider = { model: MODEL, embed: async () => Promise.reject(new Error('every label already has its vector')) };
    const sources = { landmines: async () => ({ index: [], compliant: [] }), labels: () => readLabelledPhrases(db, provider) };
    const read = performance.now();
    const labelled = await readLabelledPhrases(db, provider);
    const readMs = performance.now() - read;
    const started = performance.now();
    const settings = await recalibrate(db, MODEL, SYSTEM_ACTOR, sources);
    const ms = performance.now() - started;
    log(
      `\nCalibration on labelled phrases (PGlite; ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}): ` +
        `${LABELS.toLocaleString('en')} labels from ${CALLS} calls against ${settings.texts} dictionary texts of ${DIMENSIONS} dimensions, ` +
        `${(ms / 1000).toFixed(2)} s from Recalibrate to its answer (goal <= 5 s), of which reading the ${labelled.length.toLocaleString('en')} labels' vectors alone takes ${(readMs / 1000).toFixed(2)} s; ` +
        `${settings.labelsUsed.labels} labels used, threshold ${settings.threshold}`,
    );
    return ms;
  } finally {
    await opened.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await benchLabelCalibration();
