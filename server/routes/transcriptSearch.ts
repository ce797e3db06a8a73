import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transcriptSearchQuerySchema, transcriptSearchResponseSchema } from '../../src/contract/transcriptSearch';
import type { Database } from '../db/client';
import { searchTranscripts } from '../services/transcriptSearch';

/** The resource name in Content-Range (ra-data-simple-rest reads the total after the slash). */
const RANGE_UNIT = 'transcript-search';

/**
 * /api/admin/transcript-search: what was said in every call, in ra-data-simple-rest's dialect
 * (contract/transcriptSearch.ts). The auth hook has already refused everyone but active admins.
 */
export const transcriptSearchRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/admin/transcript-search',
    { schema: { querystring: transcriptSearchQuerySchema, response: { 200: transcriptSearchResponseSchema } } },
    async (request, reply) => {
      const { records, start, total } = await searchTranscripts(db, request.query);
      const range = records.length > 0 ? `${start}-${start + records.length - 1}` : '*';
      return reply.header('Content-Range', `${RANGE_UNIT} ${range}/${total}`).send(records);
    },
  );
};
