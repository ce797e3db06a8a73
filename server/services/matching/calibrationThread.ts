import { parentPort } from 'node:worker_threads';
import { runCalibration, type CalibrationJob } from './calibrationJob';

/** The calibration's thread (calibration.ts starts one per calibration): a job in, its results out. */
const port = parentPort;
if (!port) throw new Error('calibrationThread.ts runs as a worker thread');
port.once('message', (job: CalibrationJob) => port.postMessage(runCalibration(job)));
