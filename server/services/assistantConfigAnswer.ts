import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  type AssistantConfig,
  type AssistantConfigDelta,
  assistantConfigDeltaSchema,
  assistantConfigResponseSchema,
  CONFIG_LISTS,
  configEntryId,
} from '../../src/contract/assistant';
import type { Database } from '../db/client';
import { readAssistantConfig } from './assistantConfig';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type ConfigEncoding = 'br' | 'gzip' | 'identity';

const negotiator = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });
export const configEncodingFor = (acceptEncoding: string | undefined): ConfigEncoding =>
  (acceptEncoding && negotiator.negotiate(acceptEncoding)) || 'identity';

/** Encoded once per version, so the effort goes to a smaller answer (brotli 9 of 11, gzip 9). */
const encode = (json: Buffer, encoding: ConfigEncoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(json, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      })
    : encoding === 'gzip'
      ? gzipped(json, { level: 9 })
      : Promise.resolve(json);

/** Each entry of a version's lists, by list and id, with a digest of its content. */
type Fingerprints = Map<string, string>;

interface Encodable {
  json: Buffer;
  encoded: Map<ConfigEncoding, Promise<Buffer>>;
}

interface Snapshot extends Encodable {
  version: number;
  config: AssistantConfig;
  fingerprints: Fingerprints;
  /** Deltas to this version, by the version they start from. */
  deltas: Map<number, Encodable>;
}

export interface ConfigAnswer {
  version: number;
  encoding: ConfigEncoding;
  body: Buffer;
  /** Whether the body is the whole snapshot (what a key's cost limit counts). */
  whole: boolean;
}

/** How many past versions a delta can start from; an older one gets the whole snapshot (docs/assistant-api.md "Deltas"). */
export const DELTA_HISTORY = 64;

const deltaResponseSchema = z.object({ success: z.literal(true), data: assistantConfigDeltaSchema });

const keyOf = (list: string, entry: { _id: string } | { id: string }) => `${list}:${configEntryId(entry)}`;

const fingerprintsOf = (config: AssistantConfig): Fingerprints => {
  const prints: Fingerprints = new Map();
  for (const list of CONFIG_LISTS)
    for (const entry of config[list] as ({ _id: string } | { id: string })[])
      prints.set(keyOf(list, entry), createHash('sha1').update(JSON.stringify(entry)).digest('base64'));
  return prints;
};

const deltaOf = (from: Fingerprints, since: number, to: Snapshot): AssistantConfigDelta => {
  const { config } = to;
  const changed = <T extends { _id: string } | { id: string }>(list: (typeof CONFIG_LISTS)[number], entries: T[]) =>
    entries.filter((entry) => {
      const key = keyOf(list, entry);
      return from.get(key) !== to.fingerprints.get(key);
    });
  const removed = (list: (typeof CONFIG_LISTS)[number]) =>
    [...from.keys()].filter((key) => key.startsWith(`${list}:`) && !to.fingerprints.has(key)).map((key) => key.slice(list.length + 1));
  return {
    ...config,
    since,
    objections: changed('objections', config.objections),
    faqs: changed('faqs', config.faqs),
    landmines: changed('landmines', config.landmines),
    battlecards: changed('battlecards', config.battlecards),
    removed: {
      objections: removed('objections'),
      faqs: removed('faqs'),
      landmines: removed('landmines'),
      battlecards: removed('battlecards'),
    },
  };
};

const encodedBody = async (entry: Encodable, encoding: ConfigEncoding): Promise<Buffer> => {
  let body = entry.encoded.get(encoding);
  if (!body) {
    body = encode(entry.json, encoding);
    entry.encoded.set(encoding, body);
    body.catch(() => entry.encoded.delete(encoding));
  }
  return body;
};

/**
 * Built once per version (read, serialised, compressed) and sent as it is: a fleet starting its shift together costs
 * one read (single flight). The current version is read per request, so an edit on any server applies at once.
 * Each version's fingerprints stay for DELTA_HISTORY versions, so an assistant that names the version it holds
 * gets only what changed since; a version this server never built (another server's, or before a restart) gets
 * the whole snapshot.
 */
export const createConfigAnswers = (db: Database, model: string) => {
  let latest: { version: number; snapshot: Promise<Snapshot> } | null = null;
  const history = new Map<number, Fingerprints>();

  const build = async (): Promise<Snapshot> => {
    const config = await readAssistantConfig(db, model);
    const json = Buffer.from(JSON.stringify(z.encode(assistantConfigResponseSchema, { success: true as const, data: config })));
    const fingerprints = fingerprintsOf(config);
    history.set(config.version, fingerprints);
    for (const version of history.keys()) if (history.size > DELTA_HISTORY && version !== config.version) history.delete(version);
    return { version: config.version, config, json, encoded: new Map(), fingerprints, deltas: new Map() };
  };

  const snapshotFor = (version: number): Promise<Snapshot> => {
    if (latest && latest.version >= version) return latest.snapshot;
    const entry = { version, snapshot: build() };
    latest = entry;
    // A failed read is not kept: the next request reads again.
    entry.snapshot.catch(() => {
      if (latest === entry) latest = null;
    });
    return entry.snapshot;
  };

  const deltaFor = (snapshot: Snapshot, since: number): Encodable | null => {
    const from = since <= snapshot.version ? history.get(since) : undefined;
    if (!from) return null;
    let delta = snapshot.deltas.get(since);
    if (!delta) {
      const data = deltaOf(from, since, snapshot);
      delta = { json: Buffer.from(JSON.stringify(z.encode(deltaResponseSchema, { success: true as const, data }))), encoded: new Map() };
      snapshot.deltas.set(since, delta);
    }
    return delta;
  };

  return {
    answer: async (version: number, encoding: ConfigEncoding, since?: number): Promise<ConfigAnswer> => {
      const snapshot = await snapshotFor(version);
      const delta = since === undefined ? null : deltaFor(snapshot, since);
      const body = await encodedBody(delta ?? snapshot, encoding);
      return { version: snapshot.version, encoding, body, whole: delta === null };
    },
  };
};
