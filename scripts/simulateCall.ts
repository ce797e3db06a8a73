import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type AssistantConfig, type AssistantConfigDelta, applyConfigDelta } from '../src/contract/assistant';
import { generateSession } from '../server/seed/sessions';
import { ApiError, type AssistantClientOptions, createAssistantClient, sleep } from './assistantClient';
import { type ConfigIds, configIdsOf, eventsOf, type IngestEvent } from './simulatedEvents';

/**
 * `SALESCOACH_API_KEY=scak_... npm run simulate-call -- [--url http://127.0.0.1:8080] [--speed 1|10|max]
 * [--transcripts N] [--seed S] [--batch N]`: the reference client of the assistant's API
 * (docs/assistant-api.md). It streams one generated call (the demo generator of
 * server/seed/sessions: transcripts, detections, sentiment, speech-rate alerts) the way the
 * live assistant does: read the configuration version, create the session, send the events
 * in numbered batches as the call goes on (at real speed, ten times faster, or at once), then
 * complete it. Like a real assistant it keeps the call through an outage (docs/api.md
 * "Retries"): each request that gets no answer, or a 408, 429 or 5xx, is sent again as it was,
 * with growing waits, for at least RETRY_BUDGET_MS (assistantClient.ts); the server counts a resent seq as a
 * duplicate, so a retry never doubles an event, and the call goes on and completes.
 */

const USAGE =
  'Usage: SALESCOACH_API_KEY=<service key> npm run simulate-call -- [--url http://127.0.0.1:8080] [--speed 1|10|max] [--transcripts 40] [--seed S] [--batch 50]';
// A key is a secret: npm echoes a script's arguments and shells keep them in their history.
const KEY_ON_COMMAND_LINE =
  'simulate-call takes its service key from SALESCOACH_API_KEY only, never from the command line (npm prints the arguments and the shell keeps them): revoke this key on the Service Keys screen and create another.';

export interface SimulateOptions extends AssistantClientOptions {
  /** 1: real time; 10: ten times faster; Infinity: no waiting ("max"). */
  speed: number;
  transcripts: number;
  seed: number;
  batch: number;
}

/** Streams one generated call; resolves to its sessionId. */
export const simulateCall = async (options: SimulateOptions): Promise<string> => {
  const { log, speed } = options;
  const { call, withRetry } = createAssistantClient(options);

  let configVersion = 0;
  let ids: ConfigIds | undefined;
  let held: AssistantConfig | undefined;
  try {
    const config = await withRetry('reading the configuration', () => call<AssistantConfig>('GET', '/api/assistant/config'));
    held = config;
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
    if (held) {
      const refreshed = await refreshConfig(call, withRetry, held);
      log(
        refreshed.version === held.version
          ? `Configuration still version ${held.version}`
          : `Configuration now version ${refreshed.version}, from what changed since ${held.version}`,
      );
    }
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

type AssistantClient = ReturnType<typeof createAssistantClient>;

/**
 * As a live assistant polls during its calls: only what changed since the version it holds
 * (docs/assistant-api.md "Deltas"), applied to it; the whole configuration when the server no longer knows that version.
 */
export const refreshConfig = async (
  call: AssistantClient['call'],
  withRetry: AssistantClient['withRetry'],
  held: AssistantConfig,
): Promise<AssistantConfig> => {
  const answer = await withRetry('refreshing the configuration', () =>
    call<AssistantConfig | AssistantConfigDelta>('GET', `/api/assistant/config?since=${held.version}`),
  );
  return 'since' in answer ? applyConfigDelta(held, answer) : answer;
};

const parseSpeed = (value: string) => (value === 'max' ? Infinity : Number(value));

const parseOptions = () =>
  parseArgs({
    options: {
      url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? 8080}` },
      speed: { type: 'string', default: '10' },
      transcripts: { type: 'string', default: '40' },
      seed: { type: 'string' },
      batch: { type: 'string', default: '50' },
      help: { type: 'boolean', short: 'h' },
    },
  });

const main = async () => {
  if (process.argv.some((argument) => argument === '--key' || argument.startsWith('--key='))) {
    console.error(KEY_ON_COMMAND_LINE);
    process.exit(2);
  }
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const { values } = parsed;
  const key = process.env.SALESCOACH_API_KEY;
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
