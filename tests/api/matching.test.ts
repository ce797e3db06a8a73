import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditLog, dictionaryItems } from '../../server/db/schema';
import { seedDictionary } from '../../server/seed/seedDictionary';
import {
  createLocalEmbeddingProvider,
  type EmbeddingProvider,
  hashedBagOfWords,
  startEmbeddingWorker,
} from '../../server/services/matching/embeddings';
import { startCalibrationJob } from '../../server/services/matching/calibration';
import { markOtherModelsPending, readMatchingSettings } from '../../server/services/matching/settings';
import { assistantConfigResponseSchema } from '../../src/contract/assistant';
import { dictionaryMatchResponseSchema } from '../../src/contract/dictionaryMatch';
import {
  CALIBRATION_PENDING,
  defaultLandmineThresholdFor,
  defaultThresholdFor,
  landmineWhatIf,
  matchingCalibrateResponseSchema,
  matchingSettingsResponseSchema,
  plausibleRangeFor,
  whatIf,
} from '../../src/contract/matching';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { createKey } from '../support/assistant';

/** GET/PUT /api/dictionary/matching, POST /api/dictionary/matching/calibrate (docs/matching.md). */
describe.each(DB_KINDS)('matching threshold (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminUid: string;
  let key: Record<string, string>;
  const local = createLocalEmbeddingProvider();

  beforeAll(async () => {
    t = await testApp(kind);
    const account = await t.createAdmin();
    admin = account.headers;
    adminUid = account.uid;
    key = (await createKey(t, admin, ['config:read'])).headers;
    expect(await seedDictionary({ db: t.db })).toBe(true);
  });
  afterAll(() => t?.close());

  const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/dictionary${url}`, headers: admin, ...(payload ? { payload } : {}) });
  const settings = async (method: 'GET' | 'PUT' | 'POST' = 'GET', url = '/matching', payload?: object) => {
    const response = await call(method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return matchingSettingsResponseSchema.parse(response.json()).data;
  };
  const snapshot = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/assistant/config', headers: key });
    expect(response.statusCode).toBe(200);
    return assistantConfigResponseSchema.parse(response.json()).data;
  };
  const testPhrase = async (text: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dictionary/match', headers: admin, payload: { text } });
    expect(response.statusCode, response.body).toBe(200);
    return dictionaryMatchResponseSchema.parse(response.json()).data;
  };

  it("starts on the model's default threshold, which the snapshot and Test a phrase both carry", async () => {
    const current = await settings();
    expect(current).toMatchObject({
      model: local.model,
      threshold: defaultThresholdFor(local.model),
      source: 'default',
      calibratedAt: null,
      calibratedThreshold: null,
      sample: null,
      landmineThreshold: defaultLandmineThresholdFor(local.model),
      landmineSource: 'default',
      landmineCalibratedThreshold: null,
      landmineSample: null,
      pending: 0,
      version: 0,
    });
    expect(current.ready).toBeGreaterThan(73 * 4);
    expect((await snapshot()).matching).toEqual({
      model: local.model,
      threshold: current.threshold,
      margin: current.margin,
      source: 'default',
      calibratedAt: null,
      landmineThreshold: current.landmineThreshold,
      landmineSource: 'default',
    });
  });

  it('calibrates from the dictionary (leave-one-out), raises the version, and the snapshot fires what Test a phrase fires', async () => {
    const before = (await snapshot()).version;
    const calibrated = await settings('POST', '/matching/calibrate');
    expect(calibrated.source).toBe('calibrated');
    expect(calibrated.calibratedThreshold).toBe(calibrated.threshold);
    expect(calibrated.texts).toBe(calibrated.ready);
    expect(calibrated.items).toBe(73);
    expect(calibrated.sample!.other).toHaveLength(calibrated.texts);
    expect(calibrated.sample!.own).toHaveLength(calibrated.texts);
    // The threshold is the 85th percentile of the texts' best score against other items.
    const sorted = [...calibrated.sample!.other].sort((a, b) => a - b);
    expect(calibrated.threshold).toBe(sorted[Math.floor(0.85 * sorted.length)]);
    expect(Number.isNaN(Date.parse(calibrated.calibratedAt!))).toBe(false);
    // A save started from the settings read before the calibration still goes through.
    expect(calibrated.version).toBe(0);
    // The landmines' own, for recall: 90 % of their texts, each left out, fire their landmine; never under the plausible minimum.
    const mines = calibrated.landmineSample!;
    expect(mines).toHaveLength(calibrated.landmineTexts);
    expect(calibrated.landmineTexts).toBeGreaterThan(15 * 8);
    expect(calibrated).toMatchObject({ landmineSource: 'calibrated', landmineThreshold: calibrated.landmineCalibratedThreshold });
    expect(calibrated.landmineThreshold).toBeGreaterThanOrEqual(plausibleRangeFor(local.model).min);
    const own = mines.filter((score) => score !== null).sort((a, b) => a - b);
    expect(calibrated.landmineThreshold).toBe(Math.max(plausibleRangeFor(local.model).min, own[Math.floor(0.1 * own.length)]));
    expect(landmineWhatIf(mines, calibrated.landmineThreshold)).toBeGreaterThan(landmineWhatIf(mines, calibrated.threshold));
    expect(calibrated.landmineThreshold).toBeLessThan(calibrated.threshold);

    const after = await snapshot();
    expect(after.version).toBe(before + 1);
    expect(after.matching).toMatchObject({
      threshold: calibrated.threshold,
      source: 'calibrated',
      calibratedAt: calibrated.calibratedAt,
      landmineThreshold: calibrated.landmineThreshold,
      landmineSource: 'calibrated',
    });

    const phrase = await testPhrase('Your price is too high.');
    expect(phrase).toMatchObject({ threshold: calibrated.threshold, thresholdSource: 'calibrated', calibratedAt: calibrated.calibratedAt });
    expect(phrase.verdict.outcome).toBe('fires');

    // Calibrating the same dictionary again changes nothing the assistant reads: no new version.
    await settings('POST', '/matching/calibrate');
    expect((await snapshot()).version).toBe(after.version);

    // Each calibration is audited with who asked and the threshold before and after.
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'matching.calibrate')).orderBy(auditLog.id);
    expect(audits.map((row) => [row.actorUid, row.targetId])).toEqual([
      [adminUid, local.model],
      [adminUid, local.model],
    ]);
    expect(audits[0].changes).toEqual({
      threshold: { from: defaultThresholdFor(local.model), to: calibrated.threshold },
      calibratedThreshold: { from: null, to: calibrated.threshold },
      landmineThreshold: { from: defaultLandmineThresholdFor(local.model), to: calibrated.landmineThreshold },
      landmineCalibratedThreshold: { from: null, to: calibrated.landmineCalibratedThreshold },
    });
    expect(audits[1].changes.threshold).toEqual({ from: calibrated.threshold, to: calibrated.threshold });
  });

  it("keeps the threshold in force, with the reason, when a calibration lands outside the model's plausible range", async () => {
    const before = await settings();
    const version = (await snapshot()).version;
    // Pairs of items asking the same thing word for word: every text's best other item scores 1.
    const duplicates = Array.from({ length: 120 }, (_, at) => {
      const question = `Duplicate question number ${Math.floor(at / 2)} about the warranty terms`;
      return {
        kind: 'faq' as const,
        question,
        answer: 'Same answer.',
        category: 'Duplicates',
        needsEmbedding: false,
        embedding: hashedBagOfWords(question),
        embeddingModel: local.model,
      };
    });
    const inserted = await t.db.insert(dictionaryItems).values(duplicates).returning({ id: dictionaryItems.id });
    try {
      const response = await call('POST', '/matching/calibrate');
      expect(response.statusCode, response.body).toBe(200);
      const { data } = matchingCalibrateResponseSchema.parse(response.json());
      const plausible = plausibleRangeFor(local.model);
      expect(data.calibration).toMatchObject({ outcome: 'kept', plausible });
      expect(data.calibration.threshold!).toBeGreaterThan(plausible.max);
      expect(data.calibration.reason).toContain(`the threshold in force (${before.threshold}) is kept`);
      expect(data).toMatchObject({
        threshold: before.threshold,
        source: before.source,
        calibratedThreshold: before.calibratedThreshold,
        calibratedAt: before.calibratedAt,
      });
      expect((await snapshot()).version).toBe(version);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'matching.calibrate'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(audit.actorUid).toBe(adminUid);
      expect(audit.changes).toEqual({
        threshold: { from: before.threshold, to: before.threshold },
        calibratedThreshold: { from: before.calibratedThreshold, to: before.calibratedThreshold },
        landmineThreshold: { from: before.landmineThreshold, to: before.landmineThreshold },
        landmineCalibratedThreshold: { from: before.landmineCalibratedThreshold, to: before.landmineCalibratedThreshold },
        keptCalibration: { from: null, to: data.calibration.reason },
      });
    } finally {
      await t.db.delete(dictionaryItems).where(
        inArray(
          dictionaryItems.id,
          inserted.map((row) => row.id),
        ),
      );
    }
  });

  it("takes an admin's threshold (audited, versioned, in the snapshot), refuses a stale or out-of-range one, and goes back", async () => {
    const current = await settings();
    const before = (await snapshot()).version;
    const adjusted = await settings('PUT', '/matching', { threshold: 0.61, version: current.version });
    expect(adjusted).toMatchObject({ threshold: 0.61, source: 'admin', calibratedThreshold: current.calibratedThreshold });
    expect(adjusted.version).toBe(current.version + 1);
    expect((await snapshot()).matching).toMatchObject({ threshold: 0.61, source: 'admin' });
    expect((await snapshot()).version).toBe(before + 1);
    expect((await testPhrase('something about prices')).threshold).toBe(0.61);

    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'matching.update'));
    expect(row).toMatchObject({ targetType: 'matching', targetId: local.model });
    expect(row.changes).toEqual({ threshold: { from: current.threshold, to: 0.61 }, source: { from: 'calibrated', to: 'admin' } });

    const stale = await call('PUT', '/matching', { threshold: 0.5, version: current.version });
    expect(stale.statusCode).toBe(409);
    expect((await settings()).threshold).toBe(0.61);
    for (const threshold of [0.1, 1.2, 'high']) expect((await call('PUT', '/matching', { threshold })).statusCode).toBe(400);

    const back = await settings('PUT', '/matching', { threshold: null, version: adjusted.version });
    expect(back).toMatchObject({ threshold: current.calibratedThreshold, source: 'calibrated' });
    expect((await snapshot()).matching.source).toBe('calibrated');
  });

  it("takes an admin's landmine threshold on its own (audited, versioned, in the snapshot and Test a phrase), and goes back", async () => {
    const current = await settings();
    const before = (await snapshot()).version;
    const adjusted = await settings('PUT', '/matching', { landmineThreshold: 0.42, version: current.version });
    expect(adjusted).toMatchObject({
      threshold: current.threshold,
      source: current.source,
      landmineThreshold: 0.42,
      landmineSource: 'admin',
      landmineCalibratedThreshold: current.landmineCalibratedThreshold,
      version: current.version + 1,
    });
    expect((await snapshot()).matching).toMatchObject({ threshold: current.threshold, landmineThreshold: 0.42, landmineSource: 'admin' });
    expect((await snapshot()).version).toBe(before + 1);
    expect(await testPhrase('something about prices')).toMatchObject({ threshold: current.threshold, landmineThreshold: 0.42 });

    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'matching.update')).orderBy(desc(auditLog.id)).limit(1);
    expect(row.changes).toEqual({
      landmineThreshold: { from: current.landmineThreshold, to: 0.42 },
      landmineSource: { from: 'calibrated', to: 'admin' },
    });
    for (const landmineThreshold of [0.2, 0.99, 'low'])
      expect((await call('PUT', '/matching', { landmineThreshold })).statusCode).toBe(400);
    expect((await call('PUT', '/matching', { version: adjusted.version })).statusCode).toBe(400);

    const back = await settings('PUT', '/matching', { landmineThreshold: null, version: adjusted.version });
    expect(back).toMatchObject({ landmineThreshold: current.landmineCalibratedThreshold, landmineSource: 'calibrated' });
    expect((await snapshot()).matching.landmineSource).toBe('calibrated');
  });

  it('the what-if of the sample agrees with the calibration: higher thresholds fire less', async () => {
    const { sample, threshold, margin } = await settings();
    const low = whatIf(sample!, threshold - 0.1, margin);
    const at = whatIf(sample!, threshold, margin);
    const high = whatIf(sample!, threshold + 0.1, margin);
    expect(low.ownRate).toBeGreaterThanOrEqual(at.ownRate);
    expect(at.ownRate).toBeGreaterThanOrEqual(high.ownRate);
    expect(low.wrongRate).toBeGreaterThanOrEqual(at.wrongRate);
    expect(at.wrongRate).toBeGreaterThan(0);
    expect(at.wrongRate).toBeLessThanOrEqual(0.15);
  });

  it('re-embeds every text when the model changes (Pending -> Ready), scores nothing across models, then calibrates the new model', async () => {
    // A stand-in model: the hashed vectors mirrored, so its scores differ from the stored ones'.
    const other: EmbeddingProvider = {
      model: 'stand-in-model',
      embed: async (texts) => texts.map((text) => hashedBagOfWords(text).map((value, at, all) => (value + all[(at + 1) % all.length]) / 2)),
    };
    const total = (await settings()).ready;
    const marked = await markOtherModelsPending(t.db, other.model);
    expect(marked).toBe(total);
    const rows = await t.db.select({ pending: dictionaryItems.needsEmbedding }).from(dictionaryItems);
    expect(rows.every((row) => row.pending)).toBe(true);

    const worker = startEmbeddingWorker({ db: t.db, provider: other, batchSize: 64 }, { autoStart: false });
    let passes = 0;
    while ((await worker.runOnce()) > 0) passes += 1;
    expect(passes).toBeGreaterThan(1);
    const ready = await t.db
      .select({ model: dictionaryItems.embeddingModel, pending: dictionaryItems.needsEmbedding })
      .from(dictionaryItems);
    expect(ready.every((row) => row.model === other.model && !row.pending)).toBe(true);

    // The old model's server would now have nothing of its own to compare with.
    const phrase = await testPhrase('Your price is too high.');
    expect(phrase.verdict.outcome).toBe('nothingToCompare');
    expect(phrase.matches.filter((match) => match.type !== 'landmine')).toEqual([]);

    // For this server's model every row is Pending now: no calibration on a half-embedded dictionary.
    const refused = await call('POST', '/matching/calibrate');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(CALIBRATION_PENDING);
    expect((await settings()).pending).toBe(total);

    // The new model's calibration job calibrates it once its dictionary is Ready.
    const calibration = startCalibrationJob({ db: t.db, provider: other }, { autoStart: false });
    await calibration.runOnce();
    await calibration.stop();
    const [byServer] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'matching.calibrate'), eq(auditLog.targetId, other.model)));
    expect(byServer).toMatchObject({ actorUid: 'system', actorEmail: null });
    const calibrated = await readMatchingSettings(t.db, other.model);
    expect(calibrated).toMatchObject({ model: other.model, source: 'calibrated', texts: total, pending: 0 });
    expect(calibrated.threshold).not.toBe(defaultThresholdFor(other.model));
    // and the landmines' own threshold with it, from their texts in the new model's vectors
    expect(calibrated).toMatchObject({ landmineSource: 'calibrated', landmineThreshold: calibrated.landmineCalibratedThreshold });
    expect(calibrated.landmineTexts).toBeGreaterThan(100);
    await worker.stop();
  });
});
