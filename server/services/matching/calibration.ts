import { eq } from 'drizzle-orm';
import { CALIBRATION_PENDING, MATCH_MARGIN, type MatchingSettings } from '../../../src/contract/matching';
import type { Database } from '../../db/client';
import { matchCalibrations } from '../../db/schema';
import { ApiHttpError } from '../../errors';
import { bumpConfigVersion } from '../configVersion';
import { type PollingJob, startPollingJob } from '../pollingJob';
import { countEmbeddingQueue } from './embeddings/worker';
import { calibrate } from './rule';
import { readIndex, readMatchingSettings, readRow, ruleOf } from './settings';

/**
 * Calibrates the model's threshold from the dictionary as it is now (docs/matching.md) and
 * stores it; an admin's threshold stays in force. The configuration version is raised when
 * the threshold in force changes, since the assistant's snapshot carries it. Refused while
 * rows are Pending: a half-embedded dictionary would calibrate on a part of itself.
 */
export const recalibrate = async (db: Database, model: string): Promise<MatchingSettings> => {
  const pending = await countEmbeddingQueue(db, model);
  if (pending > 0)
    throw new ApiHttpError(409, CALIBRATION_PENDING, `The threshold can be calibrated once every embedding is Ready (${pending} pending).`);
  const result = calibrate(await readIndex(db, model));
  await db.transaction(async (tx) => {
    const current = await readRow(tx, model, true);
    const before = ruleOf(model, current);
    const values = {
      calibratedThreshold: result.threshold,
      calibratedAt: new Date(),
      texts: result.texts,
      items: result.items,
      sample: result.sample,
      updatedAt: new Date(),
    };
    if (current) await tx.update(matchCalibrations).set(values).where(eq(matchCalibrations.model, model));
    // version 0 as before: it counts the admin's changes, which a calibration is not
    else await tx.insert(matchCalibrations).values({ model, margin: MATCH_MARGIN, version: 0, ...values });
    const after = ruleOf(model, await readRow(tx, model));
    if (after.threshold !== before.threshold || after.source !== before.source) await bumpConfigVersion(tx);
  });
  return readMatchingSettings(db, model);
};

type CalibrationLog = { info?(payload: object, message: string): void; warn(payload: object, message: string): void };

/**
 * One step of the calibration job: calibrates the model once when it has no calibration yet and
 * no row is Pending. Afterwards the threshold only moves when an admin recalibrates or sets it,
 * so it never shifts under the admins' feet.
 */
export const calibrateWhenMissing = (db: Database, model: string, log?: Partial<CalibrationLog>) => {
  let done = false;
  return async () => {
    if (done) return;
    if ((await readRow(db, model))?.calibratedAt != null) {
      done = true;
      return;
    }
    try {
      const settings = await recalibrate(db, model);
      done = true;
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
  options: { db: Database; model: string; log?: CalibrationLog; intervalMs?: number },
  { autoStart = true } = {},
): PollingJob<void> => {
  const step = calibrateWhenMissing(options.db, options.model, options.log);
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
