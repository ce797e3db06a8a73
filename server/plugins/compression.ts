import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** A few hundred bytes gain less than compressing costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Inside the /api scope: the portal's files are compressed at build time (spa.ts); request bodies are never decompressed. */
export const installCompression = async (api: FastifyInstance): Promise<void> => {
  await api.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
};
