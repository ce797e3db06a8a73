import { parentPort } from 'node:worker_threads';
import { calibrate, type IndexedText } from './rule';

/** The calibration's thread (calibration.ts starts one per calibration): an index in, its Calibration out. */
const port = parentPort;
if (!port) throw new Error('calibrationThread.ts runs as a worker thread');
port.once('message', (index: IndexedText[]) => port.postMessage(calibrate(index)));
