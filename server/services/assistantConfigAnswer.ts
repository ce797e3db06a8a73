import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { z } from 'zod';
import { assistantConfigResponseSchema } from '../../src/contract/assistant';
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

interface Snapshot {
  version: number;
  json: Buffer;
  encoded: Map<ConfigEncoding, Promise<Buffer>>;
}

export interface ConfigAnswer {
  version: number;
  encoding: ConfigEncoding;
  body: Buffer;
}

/**
 * Built once per version (read, serialised, compressed) and sent as it is: a fleet starting its shift together costs
 * one read (single flight). The current version is read per request, so an edit on any server applies at once.
 */
export const createConfigAnswers = (db: Database, model: string) => {
  let latest: { version: number; snapshot: Promise<Snapshot> } | null = null;

  const build = async (): Promise<Snapshot> => {
    const config = await readAssistantConfig(db, model);
    const json = Buffer.from(JSON.stringify(z.encode(assistantConfigResponseSchema, { success: true as const, data: config })));
    return { version: config.version, json, encoded: new Map() };
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

  return {
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
