import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCostLimit, type RateLimitOptions } from '../plugins/rateLimits';

/** Prometheus' text exposition format, as prom-client writes it. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4';

/**
 * GET /api/metrics (docs/api.md "Metrics"): the server's metrics for Prometheus (plugins/metrics.ts).
 * Not public: a service key with the metrics:read scope, checked by the service-key hook
 * (plugins/assistantAuth.ts) as Prometheus' `authorization: credentials:` sends it.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ scrapeLimit: RateLimitOptions | false }> = async (app, { scrapeLimit }) => {
  const scrape = scrapeLimit ? createCostLimit(scrapeLimit) : () => {};
  app.get(
    '/metrics',
    {
      config: { scope: 'metrics:read' },
      schema: {
        response: {
          200: {
            description: "Every series in Prometheus' text format",
            content: { [METRICS_CONTENT_TYPE]: { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      scrape(request.apiKey.id);
      const { contentType, body } = await app.metrics.scrape();
      // The text is sent as written: the untyped reply skips the JSON serialiser.
      return (reply as FastifyReply).type(contentType).send(body);
    },
  );
};
