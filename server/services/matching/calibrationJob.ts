import { type Calibration, calibrate, calibrateLandmines, type IndexedText, type LandmineCalibration } from './rule';
import { calibrateLandminesOnLabels, calibrateOnLabels, type LabelCalibration, type LabelInput, type TextsInput } from './labelCalibration';

/** Everything one calibration computes from, sent to its thread (vectors as Float32Arrays, transferred). */
export interface CalibrationJob {
  index: IndexedText[];
  landmines: IndexedText[];
  compliant: Float32Array[];
  labels: LabelInput[];
  landmineLabels: LabelInput[];
  plausible: { min: number; max: number };
  margin: number;
}

export interface CalibrationResults {
  dictionary: Calibration;
  landmines: LandmineCalibration;
  labels: LabelCalibration;
  landmineLabels: LabelCalibration;
}

const textsOf = (index: readonly IndexedText[]): TextsInput => ({
  itemIds: index.map((entry) => entry.itemId),
  vectors: index.map((entry) => Float32Array.from(entry.vector)),
});

/** docs/matching.md "Threshold": the dictionary's own texts, and the labelled phrases once there are enough of them. */
export const runCalibration = (job: CalibrationJob): CalibrationResults => ({
  dictionary: calibrate(job.index),
  landmines: calibrateLandmines(job.landmines, job.plausible.min),
  labels: calibrateOnLabels(job.labels, textsOf(job.index), job.plausible, job.margin),
  landmineLabels: calibrateLandminesOnLabels(job.landmineLabels, textsOf(job.landmines), job.compliant, job.plausible.min),
});
