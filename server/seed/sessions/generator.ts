import { DEMO_ACCOUNTS } from '../demoAccounts';
import * as P from './phrases';
import { pickStatus, pickTargetDuration, plan, statisticsOf } from './plan';
import { render } from './render';
import { createRng, hash, uuidFrom } from './rng';
import { dictionary } from './dictionary';
import type { Rng } from './rng';
import type { GeneratedLandmineHit, GeneratedSession, GeneratedTranscript, GenerateOptions } from './types';

/*
 * Deterministic: session `index` under `seed` and `now` is always the same call. The plan stream (plan.ts) decides
 * everything the summary shows and the render stream only fills in texts, so `detail: false` gives identical
 * statistics. Statistics come from the turns, one sentiment entry per transcript, alerts by services/callAnalysis.ts
 * (tests/unit/sessionGenerator.test.ts checks them).
 */
const DAY = 86_400_000;
const USER_EMAILS = [...DEMO_ACCOUNTS.map((account) => account.email), ...P.EXTRA_REP_EMAILS];

/** A stream of their own, so the rest of the call is as it always was; the assistant matches meaning, not words. */
const LANDMINE_CHANCE = 0.006;
const landmineHits = (rng: Rng, transcripts: readonly GeneratedTranscript[]): GeneratedLandmineHit[] => {
  const { landmineTriggers } = dictionary();
  const hits: GeneratedLandmineHit[] = [];
  for (const transcript of transcripts) {
    if (transcript.speaker !== 'salesperson') continue;
    // Both draws always happen: each transcript takes the same two numbers whatever the outcome.
    const hit = rng.chance(LANDMINE_CHANCE);
    const trigger = rng.pick(landmineTriggers);
    if (hit) hits.push({ t: transcript.t, trigger });
  }
  return hits;
};

const datePart = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');

export const generateSession = (index: number, options: GenerateOptions): GeneratedSession => {
  const rng = createRng(hash(options.seed, index, 1));
  const id = uuidFrom(rng);
  const idSuffix = rng.hex(12);
  const forced = options.transcripts;
  const status = forced !== undefined ? 'completed' : pickStatus(rng);
  const target = forced !== undefined ? forced * 12 : pickTargetDuration(rng);
  const company = rng.pick(P.COMPANIES);
  const sessionName = `${rng.pick(P.CALL_TYPES)} with ${company}`;
  const userEmail = rng.pick(USER_EMAILS);
  const roomName = rng.chance(0.25) ? null : rng.pick(P.ROOMS);
  const { turns, end: endSeconds } = plan(rng, status, target, forced);
  const duration = Math.max(1, Math.ceil(endSeconds));
  const startTime =
    status === 'in_progress'
      ? Math.floor((options.now - duration * 1_000 - rng.int(0, 120) * 1_000) / 1_000) * 1_000
      : Math.floor((options.now - rng.between(0.1, 180) * DAY) / 1_000) * 1_000;
  const statistics = statisticsOf(turns);
  const detail =
    options.detail === false
      ? null
      : {
          ...render(createRng(hash(options.seed, index, 2)), turns, startTime, startTime + duration * 1_000, company),
          landmines: [] as GeneratedLandmineHit[],
        };
  if (detail) detail.landmines = landmineHits(createRng(hash(options.seed, index, 3)), detail.transcripts);
  return {
    id,
    sessionId: `sess-${datePart(startTime)}-${idSuffix}`,
    sessionName,
    userEmail,
    roomName,
    startTime,
    duration,
    status,
    statistics,
    detail,
  };
};

export function* generateSessions(
  from: number,
  count: number,
  options: GenerateOptions & { withDetail?: number },
): Generator<GeneratedSession> {
  const withDetail = options.withDetail ?? Infinity;
  for (let i = from; i < from + count; i += 1) {
    yield generateSession(i, { ...options, detail: options.detail !== false && i - from < withDetail });
  }
}
