import { eq } from 'drizzle-orm';
import {
  CALIBRATION_PENDING,
  type CalibrationOutcome,
  MATCH_MARGIN,
  type MatchingRule,
  type MatchingSettings,
  plausibleRangeFor,
} from '../../../src/contract/matching';
import type { Database } from '../../db/client';
import { matchCalibrations } from '../../db/schema';
import { ApiHttpError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit';
import { bumpConfigVersion } from '../configVersion';
import { type PollingJob, startPollingJob } from '../pollingJob';
import { startModuleThread } from '../workerThread';
import { countEmbeddingQueue } from './embeddings/worker';
import type { EmbeddingProvider } from './embeddings';
import { type LabelledPhrase, readLabelledPhrases } from '../phraseLabels';
import type { CalibrationJob, CalibrationResults } from './calibrationJob';
import type { LabelCalibration, LabelInput } from './labelCalibration';
import { createLandmineVectors, type LandmineIndex } from './landmineVectors';
import { calibrateLandmines, type LandmineCalibration } from './rule';
import { readIndex, readMatchingSettings, readRow, ruleOf } from './settings';

/** Who the audit log names for the calibration the server starts by itself. */
export const SYSTEM_ACTOR: AuditActor = { uid: 'system', email: null };

/** The calibration in a thread of its own: its seconds of arithmetic never hold the server's requests up. */
export const calibrateInThread = (job: CalibrationJob): Promise<CalibrationResults> =>
  new Promise((resolve, reject) => {
    const thread = startModuleThread(new URL('./calibrationThread.ts', import.meta.url));
    thread.once('message', (result: CalibrationResults) => {
      resolve(result);
      void thread.terminate();
    });
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`The calibration thread exited (code ${code}) before answering.`)));
    const transfer = [...job.compliant, ...job.labels.map((label) => label.vector), ...job.landmineLabels.map((label) => label.vector)];
    thread.postMessage(
      job,
      transfer.map((vector) => vector.buffer as ArrayBuffer),
    );
  });

/** The landmines' texts to calibrate their threshold on (embedded by the caller's provider), and their can-say points. */
export type LandmineTextsReader = () => Promise<Pick<LandmineIndex, 'index' | 'compliant'>>;
/** The labelled phrases with their vectors of the server's model (services/phraseLabels.ts). */
export type LabelsReader = () => Promise<readonly LabelledPhrase[]>;
export interface CalibrationSources {
  landmines: LandmineTextsReader;
  labels: LabelsReader;
}

const labelInputOf = (label: LabelledPhrase): LabelInput => ({
  kind: label.kind,
  itemId: label.itemId,
  call: label.callRowId,
  vector: Float32Array.from(label.vector),
});

/** Objections and FAQs are calibrated on the customer's labelled lines, landmines on the salesperson's. */
const jobOf = async (db: Database, model: string, sources: CalibrationSources): Promise<CalibrationJob> => {
  const [index, mines, labels] = await Promise.all([readIndex(db, model), sources.landmines(), sources.labels()]);
  const side = (speaker: 'customer' | 'salesperson', types: readonly string[]) =>
    labels
      .filter((label) => label.speaker === speaker && (label.itemType === null ? label.kind === 'nothing' : types.includes(label.itemType)))
      .map(labelInputOf);
  return {
    index,
    landmines: [...mines.index],
    compliant: mines.compliant.map((vector) => Float32Array.from(vector)),
    labels: side('customer', ['objection', 'faq']),
    landmineLabels: side('salesperson', ['landmine']),
    plausible: plausibleRangeFor(model),
    margin: MATCH_MARGIN,
  };
};

const landmineValues = (result: LandmineCalibration, labels: LabelCalibration) => ({
  landmineCalibratedThreshold: labels.threshold ?? result.threshold,
  landmineCalibratedAt: new Date(),
  landmineTexts: result.texts,
  landmineSample: result.sample,
  landmineLabelCount: labels.threshold === null ? 0 : labels.used.labels,
  landmineLabelCalls: labels.threshold === null ? 0 : labels.used.calls,
  landmineLabelSample: labels.sample,
});

/**
 * Calibrates the model's threshold from the dictionary as it is now (docs/matching.md) and
 * stores it, audited with who or what asked; an admin's threshold stays in force. A threshold
 * outside the model's plausible range is not stored: the one in force stays, with the reason.
 * The landmines' threshold is calibrated with it, for recall. The configuration version is raised
 * when a threshold in force changes, since the assistant's snapshot carries it. Refused while rows
 * are Pending: a half-embedded dictionary would calibrate on a part of itself.
 */
export const recalibrate = async (
  db: Database,
  model: string,
  actor: AuditActor,
  sources: CalibrationSources,
): Promise<MatchingSettings & { calibration: CalibrationOutcome }> => {
  const pending = await countEmbeddingQueue(db, model);
  if (pending > 0)
    throw new ApiHttpError(409, CALIBRATION_PENDING, `The threshold can be calibrated once every embedding is Ready (${pending} pending).`);
  const results = await calibrateInThread(await jobOf(db, model, sources));
  const { labels } = results;
  const result = labels.threshold === null ? results.dictionary : { ...results.dictionary, threshold: labels.threshold };
  const plausible = plausibleRangeFor(model);
  const mines = results.landmines;
  const landmineThreshold = results.landmineLabels.threshold ?? mines.threshold;
  const kept = result.threshold !== null && (result.threshold < plausible.min || result.threshold > plausible.max);
  let reason: string | null = null;
  await db.transaction(async (tx) => {
    const current = await readRow(tx, model, true);
    const before = ruleOf(model, current);
    if (kept)
      reason = `The calibration gave ${result.threshold}, outside the range ${plausible.min} to ${plausible.max} plausible for ${model}: the threshold in force (${before.threshold}) is kept.`;
    const values = {
      ...landmineValues(mines, results.landmineLabels),
      labelSample: labels.sample,
      ...(kept
        ? {}
        : {
            calibratedThreshold: result.threshold,
            calibratedAt: new Date(),
            texts: result.texts,
            items: result.items,
            sample: result.sample,
            labelCount: labels.threshold === null ? 0 : labels.used.labels,
            labelCalls: labels.threshold === null ? 0 : labels.used.calls,
          }),
      updatedAt: new Date(),
    };
    if (current) await tx.update(matchCalibrations).set(values).where(eq(matchCalibrations.model, model));
    // version 0 as before: it counts the admin's changes, which a calibration is not
    else await tx.insert(matchCalibrations).values({ model, margin: MATCH_MARGIN, version: 0, ...values });
    const after = ruleOf(model, await readRow(tx, model));
    await recordAudit(tx, {
      actor,
      action: 'matching.calibrate',
      targetType: 'matching',
      targetId: model,
      changes: {
        threshold: { from: before.threshold, to: after.threshold },
        calibratedThreshold: {
          from: current?.calibratedThreshold ?? null,
          to: kept ? (current?.calibratedThreshold ?? null) : result.threshold,
        },
        landmineThreshold: { from: before.landmineThreshold, to: after.landmineThreshold },
        landmineCalibratedThreshold: { from: current?.landmineCalibratedThreshold ?? null, to: landmineThreshold },
        ...labelChanges(current, {
          labelsUsed: labels.threshold === null || kept ? (current?.labelCount ?? 0) : labels.used.labels,
          landmineLabelsUsed: results.landmineLabels.threshold === null ? 0 : results.landmineLabels.used.labels,
        }),
        ...(kept ? { keptCalibration: { from: null, to: reason } } : {}),
      },
    });
    if (ruleMoved(before, after)) await bumpConfigVersion(tx);
  });
  const calibration: CalibrationOutcome = {
    outcome: kept ? 'kept' : 'applied',
    threshold: result.threshold,
    plausible,
    reason,
    landmineThreshold,
  };
  return { ...(await readMatchingSettings(db, model)), calibration };
};

/** How many labelled phrases each threshold was calibrated on, in the audit once labels count at all. */
const labelChanges = (
  current: { labelCount: number; landmineLabelCount: number } | undefined,
  to: { labelsUsed: number; landmineLabelsUsed: number },
) => {
  const from = { labelsUsed: current?.labelCount ?? 0, landmineLabelsUsed: current?.landmineLabelCount ?? 0 };
  return Object.fromEntries(
    (['labelsUsed', 'landmineLabelsUsed'] as const)
      .filter((key) => from[key] > 0 || to[key] > 0)
      .map((key) => [key, { from: from[key], to: to[key] }]),
  );
};

/** A threshold in force, or where it comes from, changed: the assistant's snapshot with it. */
const ruleMoved = (before: MatchingRule, after: MatchingRule) =>
  after.threshold !== before.threshold ||
  after.source !== before.source ||
  after.landmineThreshold !== before.landmineThreshold ||
  after.landmineSource !== before.landmineSource;

/**
 * The landmines' calibration alone, for a model whose objections' threshold was calibrated before
 * landmines had one of their own: that one stays where it is.
 */
const calibrateLandminesOnly = async (db: Database, model: string, actor: AuditActor, landmineTexts: LandmineTextsReader) => {
  const mines = calibrateLandmines((await landmineTexts()).index, plausibleRangeFor(model).min);
  await db.transaction(async (tx) => {
    const current = await readRow(tx, model, true);
    if (!current) return;
    const before = ruleOf(model, current);
    await tx
      .update(matchCalibrations)
      .set({ ...landmineValues(mines, { threshold: null, sample: [], used: { labels: 0, calls: 0 } }), updatedAt: new Date() })
      .where(eq(matchCalibrations.model, model));
    const after = ruleOf(model, await readRow(tx, model));
    await recordAudit(tx, {
      actor,
      action: 'matching.calibrate',
      targetType: 'matching',
      targetId: model,
      changes: {
        landmineThreshold: { from: before.landmineThreshold, to: after.landmineThreshold },
        landmineCalibratedThreshold: { from: current.landmineCalibratedThreshold, to: mines.threshold },
      },
    });
    if (ruleMoved(before, after)) await bumpConfigVersion(tx);
  });
  return mines.threshold;
};

type CalibrationLog = { info?(payload: object, message: string): void; warn(payload: object, message: string): void };

/**
 * One step of the calibration job: calibrates the model once when it has no calibration yet and
 * no row is Pending. Afterwards the threshold only moves when an admin recalibrates or sets it,
 * so it never shifts under the admins' feet.
 */
export const calibrateWhenMissing = (db: Database, model: string, sources: CalibrationSources, log?: Partial<CalibrationLog>) => {
  let done = false;
  return async () => {
    if (done) return;
    const row = await readRow(db, model);
    if (row?.calibratedAt != null) {
      done = true;
      if (row.landmineCalibratedAt == null) {
        const threshold = await calibrateLandminesOnly(db, model, SYSTEM_ACTOR, sources.landmines);
        log?.info?.({ event: 'matching.landmines_calibrated', model, threshold }, 'landmine threshold calibrated');
      }
      return;
    }
    try {
      const settings = await recalibrate(db, model, SYSTEM_ACTOR, sources);
      // A calibration kept out stays out until an admin recalibrates: it would land there again.
      done = true;
      if (settings.calibration.outcome === 'kept')
        log?.warn?.({ event: 'matching.calibration_kept', model, threshold: settings.calibration.threshold }, settings.calibration.reason!);
      else
        log?.info?.(
          { event: 'matching.calibrated', model, threshold: settings.threshold, texts: settings.texts },
          'matching threshold calibrated',
        );
    } catch (error) {
      // Pending rows (the worker is still embedding, or an edit meanwhile): the next pass tries again.
      if (!(error instanceof ApiHttpError && error.code === CALIBRATION_PENDING)) throw error;
    }
  };
};

/** The job that calibrates a model with no calibration once its whole dictionary is Ready. */
export const startCalibrationJob = (
  options: { db: Database; provider: EmbeddingProvider; log?: CalibrationLog; intervalMs?: number },
  { autoStart = true } = {},
): PollingJob<void> => {
  const landmines = createLandmineVectors(options.db, options.provider);
  const sources = { landmines: () => landmines.read(), labels: () => readLabelledPhrases(options.db, options.provider) };
  const step = calibrateWhenMissing(options.db, options.provider.model, sources, options.log);
  return startPollingJob({
    pass: step,
    goAgain: () => false,
    intervalMs: options.intervalMs ?? 1_000,
    onFailure: (error, retryInMs) =>
      options.log?.warn(
        { event: 'matching.calibration_failed', err: error instanceof Error ? error.message : String(error), retryInMs },
        'calibrating the matching threshold failed',
      ),
    autoStart,
  });
};
