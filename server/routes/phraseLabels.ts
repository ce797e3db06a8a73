import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LABEL_NOT_AN_UTTERANCE, LABEL_SIDE_MISMATCH, phraseLabelContract, phraseLabelCreateSchema } from '../../src/contract/phraseLabels';
import type { Database } from '../db/client';
import { getDeclared, listDeclared } from '../services/declaredResource';
import { createPhraseLabel, deletePhraseLabel, phraseLabelsResource } from '../services/phraseLabels';
import { sendRange } from './simpleRest';

/**
 * The labelled phrases (docs/matching.md "Labelled phrases") in ra-data-simple-rest's dialect: list and read like a
 * declared resource, create from a call's timeline, delete as undo.
 */
export const phraseLabelRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const { contract, path, name } = phraseLabelsResource;
  app.get(path, { schema: { querystring: contract.listQuery, response: { 200: contract.list } } }, async (request, reply) =>
    sendRange(reply, name, await listDeclared(db, phraseLabelsResource, request.query)),
  );
  app.get(`${path}/:id`, { schema: { params: contract.params, response: { 200: contract.record } } }, async (request) =>
    getDeclared(db, phraseLabelsResource, request.params.id),
  );
  app.post(
    path,
    {
      schema: { body: phraseLabelCreateSchema, response: { 201: phraseLabelContract.record } },
      config: {
        errorAnswers: {
          404: 'NOT_FOUND: no call of that id, or no item of that type and id.',
          400: `${LABEL_NOT_AN_UTTERANCE}: the text is no utterance of that speaker in the call; ${LABEL_SIDE_MISMATCH}: the item is heard on the other speaker's side.`,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createPhraseLabel(db, request.admin, request.body)),
  );
  app.delete(`${path}/:id`, { schema: { params: contract.params, response: { 200: phraseLabelContract.record } } }, async (request) =>
    deletePhraseLabel(db, request.admin, request.params.id),
  );
};
