import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import {
  createDeclared,
  deleteDeclared,
  getDeclared,
  listDeclared,
  type ServerResource,
  updateDeclared,
} from '../services/declaredResource';
import { sendRange } from './simpleRest';

/**
 * Every declared resource's routes in ra-data-simple-rest's dialect (docs/architecture.md "Adding a resource"):
 * list, read, create, update (with the version check) and delete, each validated by its contract.
 */
export const declaredResourceRoutes: FastifyPluginAsyncZod<{ db: Database; resources: readonly ServerResource[] }> = async (
  app,
  { db, resources },
) => {
  for (const resource of resources) {
    const { contract, path } = resource;
    const one = `${path}/:id`;
    app.get(path, { schema: { querystring: contract.listQuery, response: { 200: contract.list } } }, async (request, reply) =>
      sendRange(reply, resource.name, await listDeclared(db, resource, request.query)),
    );
    app.get(one, { schema: { params: contract.params, response: { 200: contract.record } } }, async (request) =>
      getDeclared(db, resource, request.params.id),
    );
    app.post(path, { schema: { body: contract.create, response: { 201: contract.record } } }, async (request, reply) =>
      reply.code(201).send(await createDeclared(db, request.admin, resource, request.body)),
    );
    app.put(one, { schema: { params: contract.params, body: contract.update, response: { 200: contract.record } } }, async (request) =>
      updateDeclared(db, request.admin, resource, request.params.id, request.body),
    );
    app.delete(one, { schema: { params: contract.params, response: { 200: contract.record } } }, async (request) =>
      deleteDeclared(db, request.admin, resource, request.params.id),
    );
  }
};
