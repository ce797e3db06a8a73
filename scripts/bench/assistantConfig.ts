import { onDemoPortal } from './demoPortal';
import { describeLoad, runLoad } from './load';
import { demoAdminToken, matchingSettled, percentile } from './support';

export interface AssistantConfigBenchOptions {
  /** The running product's address, and the demo admin's bearer header. */
  url: string;
  adminHeaders: Record<string, string>;
  /** What the product runs with (its rate limits), printed beside the figures. */
  label: string;
  connections?: number;
  seconds?: number;
  log?: (line: string) => void;
}

/** The fleet's answers a second the portal must sustain (docs/performance.md). */
const FLEET_GOAL_PER_SECOND = 1_000;

const createFleetKey = async (url: string, adminHeaders: Record<string, string>, name: string) => {
  const created = await fetch(`${url}/api/admin/api-keys`, {
    method: 'POST',
    headers: { ...adminHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ name, scopes: ['config:read'] }),
  });
  if (created.status !== 201) throw new Error(`key creation: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { data: { key: string } }).data.key;
};

/** The median of `count` reads of the sessions list's first page, one after another, each read from the database. */
const adminReads = async (url: string, headers: Record<string, string>, count: number) => {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    const response = await fetch(`${url}/api/admin/sessions?page=1&limit=15`, { headers: { ...headers, 'cache-control': 'no-cache' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`sessions list: ${response.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
};

/**
 * GET /api/assistant/config as a fleet asks for it (docs/performance.md): `connections`
 * clients polling back to back with one service key for `seconds`, brotli accepted, while an
 * admin reads the sessions list; the admin's reads are timed alone first. Goal: >= 1,000
 * answers a second with 50 connections, and the admin's reads slowed by no more than 20 %.
 * Prints; asserts nothing. Loopback only.
 */
export const benchAssistantConfig = async ({
  url,
  adminHeaders,
  label,
  connections = 50,
  seconds = 10,
  log = console.log,
}: AssistantConfigBenchOptions) => {
  await matchingSettled(url, adminHeaders);
  const key = await createFleetKey(url, adminHeaders, 'bench fleet');
  // The first answer of the version builds the snapshot; the fleet then reads it.
  const first = await fetch(`${url}/api/assistant/config`, { headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'br' } });
  const size = Number(first.headers.get('content-length') ?? 0) || (await first.arrayBuffer()).byteLength;
  await first.body?.cancel();
  const alone = await adminReads(url, adminHeaders, 40);
  const load = runLoad(`${url}/api/assistant/config`, {
    connections,
    seconds,
    headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'br' },
  });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const during = await adminReads(url, adminHeaders, 40);
  const result = await load;
  // What a polling fleet mostly sends: the version it holds, answered 304 until the next change.
  const current = await fetch(`${url}/api/assistant/config`, { headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'br' } });
  await current.body?.cancel();
  const etag = current.headers.get('etag') ?? '';
  const conditional = runLoad(`${url}/api/assistant/config`, {
    connections,
    seconds,
    headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'br', 'if-none-match': etag },
  });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const duringConditional = await adminReads(url, adminHeaders, 40);
  const notModified = await conditional;
  // A fleet at the goal's rate, as assistants polling on their schedule send it (not as fast as
  // the server can answer): what an admin then meets.
  const paced = runLoad(`${url}/api/assistant/config`, {
    connections,
    seconds,
    overallRate: FLEET_GOAL_PER_SECOND,
    headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'br', 'if-none-match': etag },
  });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const duringPaced = await adminReads(url, adminHeaders, 40);
  const pacedResult = await paced;
  const oneItemDelta = await deltaAfterOneEdit(url, adminHeaders);
  const slowdown = (ms: number) => `${ms.toFixed(1)} ms (${(((ms - alone) / alone) * 100).toFixed(0)} %)`;
  log(`\nThe assistant's configuration, ${connections} connections polling with one key for ${seconds} s each (${label}):`);
  log(`  the whole snapshot            ${describeLoad(result)}   (${(size / 1024).toFixed(0)} KiB as sent)`);
  log(
    `    (goal <= 400 KB); after one FAQ's answer is edited, the delta since the version held: ${(oneItemDelta / 1024).toFixed(1)} KiB (goal <= 10 KB)`,
  );
  log(`  If-None-Match, 304            ${describeLoad(notModified)}   (goal >= ${FLEET_GOAL_PER_SECOND.toLocaleString('en')} answers/s)`);
  log(`  304s at ${FLEET_GOAL_PER_SECOND.toLocaleString('en')}/s, paced          ${describeLoad(pacedResult)}`);
  log(
    `  an admin's sessions list, median: alone ${alone.toFixed(1)} ms; during the snapshots ${slowdown(during)}; during the 304s ${slowdown(duringConditional)}`,
  );
  log(`    during the paced fleet ${slowdown(duringPaced)} (goal <= +20 %)`);
};

/** Bytes on the wire (brotli) of `?since=` the version before one admin edit (docs/assistant-api.md "Deltas"). */
const deltaAfterOneEdit = async (url: string, adminHeaders: Record<string, string>) => {
  // A key of its own: the flood's key has spent its whole answers for the minute.
  const key = await createFleetKey(url, adminHeaders, 'bench delta');
  const assistant = { authorization: `Bearer ${key}`, 'accept-encoding': 'br' };
  const held = (await (await fetch(`${url}/api/assistant/config`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
    data: { version: number; faqs: { _id: string; question: string; answer: string; category: string }[] };
  };
  const [faq] = held.data.faqs;
  const edited = await fetch(`${url}/api/dictionary/faqs/${faq._id}`, {
    method: 'PUT',
    headers: { ...adminHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ question: faq.question, answer: `${faq.answer} (reviewed)`, category: faq.category }),
  });
  if (!edited.ok) throw new Error(`FAQ edit: ${edited.status} ${await edited.text()}`);
  const delta = await fetch(`${url}/api/assistant/config?since=${held.data.version}`, { headers: assistant });
  // As sent: fetch hands the body back decompressed.
  const sent = Number(delta.headers.get('content-length') ?? 0);
  await delta.body?.cancel();
  return sent;
};

// `tsx scripts/bench/assistantConfig.ts`: these figures alone, on a demo database of their own with
// the product's default limits (the per-key limit refuses most of one key's flood).
if (import.meta.url === `file://${process.argv[1]}`) {
  await onDemoPortal('assistant-config', async (url, product) => {
    const adminHeaders = { authorization: `Bearer ${await demoAdminToken(product)}` };
    await benchAssistantConfig({ url, adminHeaders, label: 'demo database, default limits' });
  });
}
