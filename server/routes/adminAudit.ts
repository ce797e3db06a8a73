import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditIdParamsSchema, auditListQuerySchema, auditListResponseSchema, auditRecordSchema } from '../../src/contract/audit';
import { ERROR_CODES } from '../../src/contract/common';
import type { Database } from '../db/client';
import { ApiHttpError } from '../errors';
import { getAuditRecord, listAuditRecords } from '../services/auditLog';
import { sendRange } from './simpleRest';

/** The resource name in Content-Range (ra-data-simple-rest reads the total after the slash). */
const RANGE_UNIT = 'audit';

/**
 * /api/admin/audit: the read-only audit log in ra-data-simple-rest's dialect (docs/architecture.md).
 * The auth hook (plugins/auth.ts) has already refused everyone but active admins.
 */
export const adminAuditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/admin/audit',
    { schema: { querystring: auditListQuerySchema, response: { 200: auditListResponseSchema } } },
    async (request, reply) => sendRange(reply, RANGE_UNIT, await listAuditRecords(db, request.query)),
  );

  app.get('/admin/audit/:id', { schema: { params: auditIdParamsSchema, response: { 200: auditRecordSchema } } }, async (request) => {
    const record = await getAuditRecord(db, request.params.id);
    if (!record) throw new ApiHttpError(404, ERROR_CODES.notFound, 'Audit record not found');
    return record;
  });
};
