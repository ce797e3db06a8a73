import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateSession, type GeneratedSession } from '../server/seed/sessions';

/**
 * `npm run simulate-call -- --key scak_... [--url http://127.0.0.1:8080] [--speed 1|10|max]
 * [--transcripts N] [--seed S] [--batch N]`: the reference client of the assistant's API
 * (README "The assistant's API"). It streams one generated call (the demo generator of
 * server/seed/sessions: transcripts, detections, sentiment, speech-rate alerts) the way the
 * live assistant does: read the configuration version, create the session, send the events
 * in numbered batches as the call goes on (at real speed, ten times faster, or at once), then
 * complete it. Like a real assistant it keeps the call through an outage (docs/api.md
 * "Retries"): each request that gets no answer, or a 408, 429 or 5xx, is sent again as it was,
 * with growing waits, for at least RETRY_BUDGET_MS; the server counts a resent seq as a
 * duplicate, so a retry never doubles an event, and the call goes on and completes.
 */

const USAGE =
  'Usage: npm run simulate-call -- --key <API key, or SALESCOACH_API_KEY in the environment> [--url http://127.0.0.1:8080] [--speed 1|10|max] [--transcripts 40] [--seed S] [--batch 50]';

type IngestEvent = Record<string, unknown> & { seq: number; type: string; timestamp: string };

export interface SimulateOptions {
  key: string;
  url: string;
  /** 1: real time; 10: ten times faster; Infinity: no waiting ("max"). */
  speed: number;
  transcripts: number;
  seed: number;
  batch: number;
  log: (line: string) => void;
  /** How long each request is retried through an outage; default RETRY_BUDGET_MS. */
  retryForMs?: number;
}

/**
 * How long one request (the configuration read, the session's creation, a batch, the
 * completion) is retried through an outage before the client gives up: a real assistant keeps
 * its call through at least this long without the server (docs/api.md "Retries").
 */
export const RETRY_BUDGET_MS = 60_000;
/** The wait after a first failure; it doubles with each failure in a row, up to the cap. */
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** An attempt without an answer by then counts as a network failure (and is retried). */
const ATTEMPT_TIMEOUT_MS = 30_000;

/** The server answered with an error status. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The wait the server asked for (Retry-After), if it did. */
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

/** No answer: the connection was refused, reset or closed, or the attempt timed out. */
class NetworkError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Worth another try: no answer, 408, 429 and 5xx. The other 4xx are the client's own mistake
 * (a bad key, a missing scope, an invalid event), which sending again cannot mend. The
 * protocol's "already done" answers need no exception here: a resent start, batch or completion
 * answers 2xx (the same session, the batch's seqs counted as duplicates, the same completion).
 */
const retryable = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && (error.status === 408 || error.status === 429 || error.status >= 500));

/** Retry-After in seconds or as an HTTP date (RFC 9110 10.2.3); null when absent or unreadable. */
export const retryAfterMsOf = (header: string | null, now = Date.now()): number | null => {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1_000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
};

/**
 * The wait before the next attempt after `failures` failures in a row: exponential back-off
 * with jitter (between half and all of the step, so clients cut off together do not come back
 * together), and never sooner than the server's Retry-After.
 */
export const backoffMs = (failures: number, retryAfterMs: number | null = null, random = Math.random): number => {
  const step = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (failures - 1));
  return Math.max(retryAfterMs ?? 0, Math.round(step / 2 + random() * (step / 2)));
};

const seconds = (ms: number) => Math.round(ms / 100) / 10;

const causeOf = (error: unknown): string => {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer in ${seconds(ATTEMPT_TIMEOUT_MS)} s`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : null;
  return detail ? `${message}: ${detail}` : message;
};

/** An error answer's `{ error, message }`; a proxy in front of the server may answer a page that is not JSON. */
const errorBodyOf = (text: string): { error?: string; message?: string } => {
  try {
    return text ? (JSON.parse(text) as { error?: string; message?: string }) : {};
  } catch {
    return {};
  }
};

const createClient = ({ key, url, log, retryForMs = RETRY_BUDGET_MS }: Pick<SimulateOptions, 'key' | 'url' | 'log' | 'retryForMs'>) => {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const target = new URL(path, url);
    let response: Response;
    let text: string;
    try {
      response = await fetch(target, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      // Whether the request reached the server is unknown: sending it again is safe (see `retryable`).
      throw new NetworkError(`${method} ${path}: ${causeOf(error)}`, { cause: error });
    }
    if (!response.ok) {
      const json = errorBodyOf(text);
      throw new ApiError(
        response.status,
        [`${method} ${path}: ${response.status}`, json.error, json.message ?? text.slice(0, 200)].filter(Boolean).join(' '),
        retryAfterMsOf(response.headers.get('retry-after')),
      );
    }
    return (text ? (JSON.parse(text) as { data?: T }) : {}).data as T;
  };

  /**
   * `run` until it succeeds, again and again while it fails in a way that may pass (`retryable`),
   * for at least `retryForMs`: the last wait ends at the budget's end, and one more attempt
   * follows it. It prints one line when an outage begins (the first failure in a row) and one
   * when the server answers again, not one per attempt.
   */
  const withRetry = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    for (let failures = 0; ; ) {
      try {
        const result = await run();
        if (failures > 0) log(`  ${label}: server back after ${seconds(Date.now() - started)} s (${failures + 1} attempts)`);
        return result;
      } catch (error) {
        if (!retryable(error)) throw error;
        failures += 1;
        const elapsed = Date.now() - started;
        if (elapsed >= retryForMs) {
          throw new Error(`${label}: gave up after ${seconds(elapsed)} s and ${failures} attempts: ${(error as Error).message}`, {
            cause: error,
          });
        }
        const wait = Math.min(retryForMs - elapsed, backoffMs(failures, error instanceof ApiError ? error.retryAfterMs : null));
        if (failures === 1) {
          const state = error instanceof NetworkError ? 'server unreachable' : `server answered ${(error as ApiError).status}`;
          log(
            `  ${label} failed (${(error as Error).message}); ${state}, retrying in ${seconds(wait)} s (${seconds(elapsed)} s of ${seconds(retryForMs)} s)`,
          );
        }
        await sleep(wait);
      }
    }
  };
  return { call, withRetry };
};

/** What the assistant knows of its configuration's ids: items by kind and question, landmines by trigger (all in lower case). */
export interface ConfigIds {
  items: Map<string, string>;
  landmines: Map<string, string>;
}

interface ConfigSnapshot {
  version: number;
  objections?: { _id: string; question: string }[];
  faqs?: { _id: string; question: string }[];
  landmines?: { _id: string; trigger: string }[];
}

const lower = (text: string) => text.trim().toLowerCase();

export const configIdsOf = (config: ConfigSnapshot): ConfigIds => ({
  items: new Map([
    ...(config.objections ?? []).map((item) => [`objection:${lower(item.question)}`, item._id] as const),
    ...(config.faqs ?? []).map((item) => [`faq:${lower(item.question)}`, item._id] as const),
  ]),
  landmines: new Map((config.landmines ?? []).map((landmine) => [lower(landmine.trigger), landmine._id] as const)),
});

/**
 * The call's events in time order, numbered from 1, with timestamps moved to a call starting at
 * `startMs`. Detections and landmine warnings carry the configuration's ids, as the live
 * assistant's do, when `ids` knows them.
 */
export const eventsOf = (
  session: GeneratedSession,
  startMs: number,
  ids: ConfigIds = { items: new Map(), landmines: new Map() },
): { at: number; event: IngestEvent }[] => {
  const detail = session.detail;
  if (!detail) return [];
  const shift = startMs - session.startTime;
  const iso = (t: number) => new Date(t + shift).toISOString();
  const timed: { t: number; body: Omit<IngestEvent, 'seq' | 'timestamp'> }[] = [
    ...detail.transcripts.map((x) => ({ t: x.t, body: { type: 'transcript', speaker: x.speaker, text: x.text } })),
    ...detail.detections.map((d) => ({
      t: d.t,
      body: {
        type: 'detection',
        category: d.category,
        relevance_score: d.relevanceScore,
        question: d.question,
        answer: d.answer,
        itemId: ids.items.get(`${d.kind}:${lower(d.question)}`) ?? null,
      },
    })),
    ...detail.sentiment.map((s) => ({
      t: s.t,
      body: { type: 'sentiment', speaker: s.speaker, dominant_emotion: s.emotion, confidence: s.confidence, transcript: s.transcript },
    })),
    ...detail.alerts.map((a) => ({
      t: a.t,
      body: {
        type: 'speech_alert',
        words_per_minute: a.wordsPerMinute,
        total_words: a.totalWords,
        time_window: a.timeWindow,
        max_words: a.maxWords,
      },
    })),
    ...detail.landmines.map((hit) => ({
      t: hit.t,
      body: { type: 'landmine', landmineId: ids.landmines.get(lower(hit.trigger)) ?? null, trigger: hit.trigger, speaker: 'salesperson' },
    })),
  ];
  // A stable sort keeps a transcript before the sentiment and detections of the same moment.
  timed.sort((a, b) => a.t - b.t);
  return timed.map(({ t, body }, index) => ({ at: t + shift, event: { ...body, seq: index + 1, timestamp: iso(t) } as IngestEvent }));
};

/** Streams one generated call; resolves to its sessionId. */
export const simulateCall = async (options: SimulateOptions): Promise<string> => {
  const { log, speed } = options;
  const { call, withRetry } = createClient(options);

  let configVersion = 0;
  let ids: ConfigIds | undefined;
  try {
    const config = await withRetry('reading the configuration', () => call<ConfigSnapshot>('GET', '/api/assistant/config'));
    configVersion = config.version;
    ids = configIdsOf(config);
    log(`Configuration version ${configVersion}`);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 403)) throw error;
    log('This key lacks config:read: the call is recorded with configuration version 0.');
  }

  const generated = generateSession(0, { seed: options.seed, now: Date.now(), transcripts: options.transcripts });
  const startMs = Math.floor(Date.now() / 1_000) * 1_000;
  const sessionId = `sim-${new Date(startMs).toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(6).toString('hex')}`;
  const events = eventsOf(generated, startMs, ids);
  const durationMs = generated.duration * 1_000;

  // Every attempt sends the same body: the server answers a repeated creation with the session it has.
  const session = {
    sessionId,
    sessionName: `${generated.sessionName} (simulated)`,
    userEmail: generated.userEmail,
    startTime: new Date(startMs).toISOString(),
    metadata: { roomName: generated.roomName },
    configVersion,
  };
  await withRetry('creating the session', () => call('POST', '/api/assistant/sessions', session));
  const speedText = Number.isFinite(speed) ? `${speed}x` : 'max';
  log(
    `Session ${sessionId} "${generated.sessionName} (simulated)": ${events.length} events over ${generated.duration} s of call, speed ${speedText}`,
  );

  // Events go out when their moment of the call comes (scaled by the speed), those due together in one batch.
  const began = Date.now();
  const dueAt = (at: number) => (Number.isFinite(speed) ? began + (at - startMs) / speed : began);
  try {
    let sent = 0;
    let batchNumber = 0;
    while (sent < events.length) {
      await sleep(dueAt(events[sent].at) - Date.now());
      const batch: IngestEvent[] = [];
      while (sent < events.length && batch.length < options.batch && (batch.length === 0 || dueAt(events[sent].at) <= Date.now())) {
        batch.push(events[sent].event);
        sent += 1;
      }
      batchNumber += 1;
      const label = `batch ${batchNumber} (seq ${batch[0].seq}-${batch.at(-1)?.seq})`;
      // Until it is acknowledged the batch is resent as it is, seqs included: the server stores a seq once.
      const body = { events: batch };
      const result = await withRetry(label, () =>
        call<{ accepted: number; duplicates: number }>('POST', `/api/assistant/sessions/${encodeURIComponent(sessionId)}/events`, body),
      );
      log(`  ${label}: accepted ${result.accepted}, duplicates ${result.duplicates}; ${sent}/${events.length} events sent`);
    }

    await sleep(dueAt(startMs + durationMs) - Date.now());
    // The same completion again answers the same, so a completion whose answer was lost is simply sent again.
    const completion = { endTime: new Date(startMs + durationMs).toISOString(), status: 'completed' };
    await withRetry('completing the session', () =>
      call('POST', `/api/assistant/sessions/${encodeURIComponent(sessionId)}/complete`, completion),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message} (session ${sessionId} stays in progress)`, { cause: error });
  }
  log(`Completed. Open ${new URL(`/sessions/${encodeURIComponent(sessionId)}`, options.url)} in the portal.`);
  return sessionId;
};

const parseSpeed = (value: string) => (value === 'max' ? Infinity : Number(value));

const parseOptions = () =>
  parseArgs({
    options: {
      key: { type: 'string' },
      url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? 8080}` },
      speed: { type: 'string', default: '10' },
      transcripts: { type: 'string', default: '40' },
      seed: { type: 'string' },
      batch: { type: 'string', default: '50' },
      help: { type: 'boolean', short: 'h' },
    },
  });

const main = async () => {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const { values } = parsed;
  const key = values.key ?? process.env.SALESCOACH_API_KEY;
  const speed = parseSpeed(values.speed);
  const transcripts = Number(values.transcripts);
  const batch = Number(values.batch);
  if (
    values.help ||
    !key ||
    !(speed > 0) ||
    !Number.isInteger(transcripts) ||
    transcripts < 2 ||
    !Number.isInteger(batch) ||
    batch < 1 ||
    batch > 500
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  const seed = values.seed === undefined ? Date.now() % 2_147_483_647 : Number(values.seed);
  try {
    await simulateCall({ key, url: values.url, speed, transcripts, seed, batch, log: (line) => console.log(line) });
  } catch (error) {
    console.error(`simulate-call failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
};

// Run as a script (npm run simulate-call), not when a test imports it.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) void main();
