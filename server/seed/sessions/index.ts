export { generateSession, generateSessions, type GeneratedSession, type GenerateOptions } from './generator';
export { insertSessionBatch, seedSessions, type SeedSessionsOptions } from './insert';

/** Sessions `npm start` seeds on an empty database. */
export const DEMO_SESSION_COUNT = 200;
/** The demo data set's seed (deterministic: the same calls at every fresh start). */
export const DEMO_SESSION_SEED = 20_240_501;
