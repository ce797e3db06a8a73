export { generateSession, generateSessions } from './generator';
export { countWords } from '../../services/callAnalysis';
export { bulletAnswer } from './text';
export { createRng } from './rng';
export { analyzeSpeechRate, summarizeSentiment, SPEC_SPEECH_RATE } from '../../services/callAnalysis';
export type {
  DetectionKind,
  GeneratedAlert,
  GeneratedDetail,
  GeneratedDetection,
  GeneratedSentiment,
  GeneratedSession,
  GeneratedTranscript,
  GenerateOptions,
} from './types';
export { insertSessionBatch, seedSessions, type SeedSessionsOptions } from './insert';

/** Sessions `npm start` seeds on an empty database. */
export const DEMO_SESSION_COUNT = 200;
/** The demo data set's seed (deterministic: the same calls at every fresh start). */
export const DEMO_SESSION_SEED = 20_240_501;
