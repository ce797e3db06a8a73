import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../src/contract/common';
import {
  insightAnswersResponseSchema,
  insightFiltersResponseSchema,
  inquiryAddedAsSchema,
  inquiryAddedByTextSchema,
  inquiryAddedResponseSchema,
  insightInquiriesResponseSchema,
  insightItemsResponseSchema,
  insightLandminesResponseSchema,
  insightCompetitorsResponseSchema,
  insightRepsResponseSchema,
  insightsQuerySchema,
} from '../../src/contract/insights';
import type { Database } from '../db/client';
import {
  insightAnswers,
  insightCompetitors,
  insightFilters,
  insightInquiries,
  insightItems,
  insightLandmines,
  insightReps,
} from '../services/insights/query';
import { markInquiryAdded, markInquiryAddedByText } from '../services/insights/added';

/** docs/api.md */
const errorResponses = {
  400: apiErrorSchema.describe('VALIDATION_ERROR: the query names no valid period or range (details name the field)'),
  401: apiErrorSchema.describe('NOT_AUTHENTICATED'),
  403: apiErrorSchema.describe('NOT_ADMIN'),
  429: apiErrorSchema.describe('RATE_LIMITED'),
  503: apiErrorSchema.describe('AUTH_UNAVAILABLE'),
};

/* docs/insights.md. Never in the read cache: a period ends today, so a URL's answer changes from one day to the next. */
const schemaOf = <T extends z.ZodType>(summary: string, description: string, response: T) => ({
  summary,
  description,
  querystring: insightsQuerySchema,
  response: { 200: response, ...errorResponses },
});

export const insightsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/insights/items',
    {
      schema: schemaOf(
        'Objections and FAQs detected',
        'Detections and calls per objection or FAQ in the period, against the previous period of the same length, weekly, and the five that rose most.',
        insightItemsResponseSchema,
      ),
    },
    async (request) => ({ success: true as const, data: await insightItems(db, request.query) }),
  );

  app.get(
    '/insights/inquiries',
    {
      schema: schemaOf(
        'New inquiries by meaning',
        'New inquiries in the period, phrasings of the same meaning grouped (a phrasing not grouped yet is its own group, pending).',
        insightInquiriesResponseSchema,
      ),
    },
    async (request) => ({ success: true as const, data: await insightInquiries(db, request.query) }),
  );

  app.post(
    '/insights/inquiries/added',
    {
      schema: {
        summary: 'Mark the new-inquiry group of a phrasing as added to the dictionary',
        description: "As PUT /insights/inquiries/:key/added, for the group a call's new-inquiry phrasing is in (by its text).",
        body: inquiryAddedByTextSchema,
        response: {
          200: inquiryAddedResponseSchema,
          400: errorResponses[400],
          401: errorResponses[401],
          403: errorResponses[403],
          404: apiErrorSchema.describe('NOT_FOUND: no finished call asked this phrasing'),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await markInquiryAddedByText(db, request.body.text, request.body.added),
    }),
  );

  app.put(
    '/insights/inquiries/:key/added',
    {
      schema: {
        summary: 'Mark a new-inquiry group as added to the dictionary',
        description:
          'After the dictionary saved the group as an FAQ or as a variation: the group leaves the open list and its later phrasings count for the item.',
        params: z.object({ key: z.uuid() }),
        body: inquiryAddedAsSchema,
        response: {
          200: inquiryAddedResponseSchema,
          400: errorResponses[400],
          401: errorResponses[401],
          403: errorResponses[403],
          404: apiErrorSchema.describe('NOT_FOUND: no new-inquiry phrasing or group has this key'),
        },
      },
    },
    async (request) => ({ success: true as const, data: await markInquiryAdded(db, request.params.key, request.body) }),
  );

  app.get(
    '/insights/answers',
    {
      schema: schemaOf(
        'Sentiment change after objections',
        "The change of the customer's sentiment around each objection, overall, per suggested answer and per rep, with 95% confidence intervals.",
        insightAnswersResponseSchema,
      ),
    },
    async (request) => ({ success: true as const, data: await insightAnswers(db, request.query) }),
  );

  app.get(
    '/insights/reps',
    {
      schema: schemaOf(
        'Rep coaching figures',
        "Each rep's talk ratio, longest monologue, questions, speech-rate alerts, landmines and customer sentiment, weekly, beside the team's medians.",
        insightRepsResponseSchema,
      ),
    },
    async (request) => ({ success: true as const, data: await insightReps(db, request.query) }),
  );

  app.get(
    '/insights/landmines',
    {
      schema: schemaOf(
        'Landmines triggered',
        'Hits and calls per landmine in the period, against the previous period, per rep and weekly.',
        insightLandminesResponseSchema,
      ),
    },
    async (request) => ({ success: true as const, data: await insightLandmines(db, request.query) }),
  );

  app.get(
    '/insights/competitors',
    {
      schema: schemaOf(
        'Competitors named',
        'Mentions and calls per battlecard in the period, per 100 calls, against the previous period.',
        insightCompetitorsResponseSchema,
      ),
    },
    async (request) => ({ success: true as const, data: await insightCompetitors(db, request.query) }),
  );

  app.get(
    '/insights/filters',
    {
      schema: schemaOf(
        "The Insights filters' choices",
        'Every rep with a finished call, and the first day with one. Takes the same query as the other parts and needs none of it.',
        insightFiltersResponseSchema,
      ),
    },
    async () => ({ success: true as const, data: await insightFilters(db) }),
  );
};
