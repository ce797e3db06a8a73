import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { takesServiceKey } from './assistantAuth';

/** Where the document and the interactive reference live (both public: they describe shapes, never data). */
export const OPENAPI_PATHS = { document: '/api/openapi.json', reference: '/api/docs' } as const;

/** Security scheme names of the document (docs/api.md "Authentication"). */
export const SECURITY_SCHEMES = { admin: 'adminIdToken', assistant: 'assistantKey' } as const;

const isUnder = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/**
 * What a caller authenticates with: public routes nothing, /api/assistant/* and the routes that
 * declare a scope (GET /api/metrics) a service key with the route's scope (OpenAPI 3.1 lets a
 * bearer requirement list it), the rest an admin's ID token.
 */
const securityOf = (route: RouteOptions) => {
  if (route.config?.public) return [];
  if (takesServiceKey(route)) {
    const scope = (route.config as { scope?: string } | undefined)?.scope;
    return [{ [SECURITY_SCHEMES.assistant]: scope ? [scope] : [] }];
  }
  return [{ [SECURITY_SCHEMES.admin]: [] }];
};

/** One tag per area: /api/admin/users -> "admin/users", /api/dictionary/... -> "dictionary", this document -> "reference". */
const tagOf = (url: string) => {
  if (url === OPENAPI_PATHS.document) return 'reference';
  const [, , area = 'api', sub] = url.split('/');
  return area === 'admin' && sub ? `admin/${sub}` : area;
};

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas, at GET /api/openapi.json,
 * and an interactive reference (swagger-ui, served from the package: no CDN) at GET /api/docs.
 *
 * Install after the security plugin (its CSP covers the reference: scripts and styles are
 * files of ours, no inline script) and BEFORE the auth hook and the /api routes: swagger
 * collects the routes as they are registered, and the reference's routes, registered here,
 * never get the auth hook (they are marked public as well, for the route inventory).
 * Only /api is described: the portal's files are not part of the API.
 */
export const installOpenApi = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sales Coach API',
        version: '1.0.0',
        description:
          "The admin portal's API (admin Firebase ID token) and the assistant's API (service key with scopes). Conventions: docs/api.md.",
      },
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.admin]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The Firebase ID token of an active admin.',
          },
          [SECURITY_SCHEMES.assistant]: {
            type: 'http',
            scheme: 'bearer',
            description: 'A service key created on the API Keys screen (starts with "scak_"); each route needs one scope.',
          },
        },
      },
    },
    transform: (document) => {
      const { route, url } = document;
      if (!isUnder(url, '/api') || isUnder(url, OPENAPI_PATHS.reference)) return { schema: { hide: true } as never, url };
      const transformed = jsonSchemaTransform(document);
      return { url: transformed.url, schema: { ...transformed.schema, tags: [tagOf(url)], security: securityOf(route) } };
    },
  });

  app.get(OPENAPI_PATHS.document, { config: { public: true } }, async () => app.swagger());

  await app.register(async (reference) => {
    reference.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await reference.register(fastifySwaggerUi, {
      routePrefix: OPENAPI_PATHS.reference,
      // No call to the public validator badge: the reference works offline.
      validatorUrl: false,
      theme: { title: 'Sales Coach API reference' },
      uiConfig: { deepLinking: true, persistAuthorization: false },
    });
  });
};
