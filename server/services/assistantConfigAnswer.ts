import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { z } from 'zod';
import { assistantConfigResponseSchema } from '../../src/contract/assistant';
import type { Database } from '../db/client';
import { readAssistantConfig } from './assistantConfig';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** How an answer travels: the client's preferred of brotli and gzip (Accept-Encoding), else as it is. */
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

interface Snapshot {
  version: number;
  json: Buffer;
  encoded: Map<ConfigEncoding, Promise<Buffer>>;
}

export interface ConfigAnswer {
  /** The configuration version the body holds (its ETag). */
  version: number;
  encoding: ConfigEncoding;
  body: Buffer;
}

/**
 * GET /api/assistant/config's answer, built once per configuration version: the snapshot read
 * (one repeatable-read transaction), serialised by the route's response schema and compressed
 * once per encoding, then sent as it is to every assistant asking for that version. A fleet
 * starting its shift together asks for the same version at once: one read and one compression
 * serve them all (single flight). A request reads the current version first (one row), so an
 * edit committed on any server is answered from the next request on; several servers each keep
 * their own copy, which the version decides alike.
 */
export const createConfigAnswers = (db: Database, model: string) => {
  let latest: { version: number; snapshot: Promise<Snapshot> } | null = null;

  const build = async (): Promise<Snapshot> => {
    const config = await readAssistantConfig(db, model);
    const json = Buffer.from(JSON.stringify(z.encode(assistantConfigResponseSchema, { success: true as const, data: config })));
    return { version: config.version, json, encoded: new Map() };
  };

  /** The snapshot of `version` or a later one, building it when the one kept is older. */
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

  return {
    /** The answer for the configuration at `version` (read just before), in `encoding`. */
    answer: async (version: number, encoding: ConfigEncoding): Promise<ConfigAnswer> => {
      const snapshot = await snapshotFor(version);
      let body = snapshot.encoded.get(encoding);
      if (!body) {
        body = encode(snapshot.json, encoding);
        snapshot.encoded.set(encoding, body);
        body.catch(() => snapshot.encoded.delete(encoding));
      }
      return { version: snapshot.version, encoding, body: await body };
    },
  };
};
