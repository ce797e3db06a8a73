import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Bodies smaller than this go as they are: a few hundred bytes gain less than compressing costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers (JSON) of COMPRESSION_THRESHOLD_BYTES or more, brotli or gzip
 * as the client's Accept-Encoding prefers, with `Vary: Accept-Encoding`. Register it inside
 * the /api scope before its routes: the portal's files are compressed once at build time
 * (spa.ts). Request bodies are never decompressed: the API takes plain JSON (docs/api.md).
 */
export const installCompression = async (api: FastifyInstance): Promise<void> => {
  await api.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
};
