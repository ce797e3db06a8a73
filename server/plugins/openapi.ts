import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { takesServiceKey } from './assistantAuth';
import { z } from 'zod';
import { apiErrorSchema, ERROR_CODES, jsonQueryParams } from '../../src/contract/common';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documentation only, beside what errorAnswersOf infers: the handler sends them. */
    errorAnswers?: Partial<Record<number, string>>;
  }
}

/** Both public: they describe shapes, never data. */
export const OPENAPI_PATHS = { document: '/api/openapi.json', reference: '/api/docs' } as const;

export const SECURITY_SCHEMES = { admin: 'adminIdToken', assistant: 'assistantKey' } as const;

export const API_ERROR_COMPONENT = 'ApiError';

const isUnder = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

const securityOf = (route: RouteOptions) => {
  if (route.config?.public) return [];
  if (takesServiceKey(route)) {
    const scope = (route.config as { scope?: string } | undefined)?.scope;
    return [{ [SECURITY_SCHEMES.assistant]: scope ? [scope] : [] }];
  }
  return [{ [SECURITY_SCHEMES.admin]: [] }];
};

const tagOf = (url: string) => {
  if (url === OPENAPI_PATHS.document) return 'reference';
  const [, , area = 'api', sub] = url.split('/');
  return area === 'admin' && sub ? `admin/${sub}` : area;
};

type JsonSchema = Record<string, unknown>;
interface TransformedSchema {
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  response?: Record<string, JsonSchema>;
  [keyword: string]: unknown;
}

const SHUTTING_DOWN_ANSWER = `${ERROR_CODES.shuttingDown}: this server is stopping; retry after Retry-After seconds (a load balancer sends the retry to a running server).`;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** docs/api.md "Errors": what every route can answer, from what it is; routes add their own in `config.errorAnswers`. */
const errorAnswersOf = (route: RouteOptions, schema: TransformedSchema): Record<number, string> => {
  const methods = [route.method].flat();
  const answers: Record<number, string> = {
    400:
      schema.body || schema.querystring || schema.params
        ? "VALIDATION_ERROR: the parameters or body break this operation's rules (`details` name each field); BAD_REQUEST: a repeated query parameter, a malformed URL or JSON."
        : 'BAD_REQUEST or VALIDATION_ERROR: a repeated query parameter or a malformed URL.',
    500: 'INTERNAL_ERROR: an unexpected failure; `requestId` names it in the server log.',
    503: SHUTTING_DOWN_ANSWER,
  };
  if (!route.config?.public) {
    answers[401] = takesServiceKey(route)
      ? 'NOT_AUTHENTICATED: no service key, or one that is unknown or revoked.'
      : 'NOT_AUTHENTICATED: no ID token, or one that is expired, revoked or not valid.';
    answers[403] = takesServiceKey(route)
      ? 'INSUFFICIENT_SCOPE: the service key lacks the scope this operation needs.'
      : 'NOT_ADMIN: the signed-in account is not an active admin.';
    answers[429] = 'RATE_LIMITED: too many requests; Retry-After says how many seconds to wait.';
    if (!takesServiceKey(route)) {
      answers[503] = `AUTH_UNAVAILABLE: the sign-in service cannot be reached; retry after Retry-After seconds. ${answers[503]}`;
    }
  }
  if (schema.params) {
    answers[404] = 'NOT_FOUND: no record has this id.';
    answers[414] = 'URI_TOO_LONG: a path parameter is over 100 characters.';
  }
  if (methods.some((method) => BODY_METHODS.has(method))) {
    answers[413] = 'PAYLOAD_TOO_LARGE: the body is over 256 KB.';
    answers[415] = 'UNSUPPORTED_MEDIA_TYPE: a body that is not application/json.';
  }
  // A body of several branches (anyOf) is versioned when any branch names a version.
  const hasVersion = (part: JsonSchema | undefined): boolean =>
    !!part &&
    ((!!part.properties && 'version' in (part.properties as JsonSchema)) ||
      ((part.anyOf ?? part.oneOf) as JsonSchema[] | undefined)?.some(hasVersion) === true);
  const versioned = [schema.body, schema.querystring].some(hasVersion);
  if (versioned) {
    answers[409] = 'VERSION_CONFLICT: the edit started from a version someone else has since replaced (docs/api.md "Versions").';
  }
  for (const [status, description] of Object.entries(route.config?.errorAnswers ?? {})) {
    const generic = answers[Number(status)];
    answers[Number(status)] = generic ? `${generic} ${description}` : (description ?? '');
  }
  return answers;
};

const apiErrorContent = { 'application/json': { schema: { $ref: `#/components/schemas/${API_ERROR_COMPONENT}` } } };

const withErrorAnswers = (route: RouteOptions, schema: TransformedSchema) => {
  const declared = schema.response ?? { 200: { description: 'Default Response' } };
  const response: Record<string, JsonSchema> = {};
  const errors = errorAnswersOf(route, schema);
  for (const [status, answer] of Object.entries(declared)) {
    if (Number(status) >= 400) errors[Number(status)] ??= String(answer.description ?? '');
    else response[status] = answer;
  }
  for (const [status, description] of Object.entries(errors)) {
    const own = declared[status]?.description;
    let text = typeof own === 'string' && own !== '' ? own : (description ?? '');
    if (status === '503' && !text.includes(ERROR_CODES.shuttingDown)) text = `${text} ${SHUTTING_DOWN_ANSWER}`;
    response[status] = { description: text, content: apiErrorContent };
  }
  return response;
};

const trimmedMinPattern = (min: number) => (min === 1 ? '\\S' : `\\S[\\s\\S]{${min - 2},}\\S`);

const JSON_FORMATS: Record<string, string> = { date: 'date', datetime: 'date-time', uuid: 'uuid', guid: 'uuid', email: 'email' };

const isTrim = (check: unknown) => {
  const tx = (check as { _zod?: { def?: { check?: string; tx?: (value: string) => unknown } } })._zod?.def;
  return tx?.check === 'overwrite' && typeof tx.tx === 'function' && tx.tx(' x ') === 'x';
};

/** Rules zod applies but JSON Schema would lose, so the document is as strict as the server. */
const override = (ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
  const zodSchema = ctx.zodSchema as z.ZodType;
  const json = ctx.jsonSchema;
  if (Array.isArray(json.anyOf)) json.anyOf = json.anyOf.filter((branch) => Object.keys(branch as object).length > 0);
  const def = zodSchema._zod.def as { type: string; format?: string; checks?: unknown[] };
  const format = def.type === 'string' && def.format ? (JSON_FORMATS[def.format] ?? null) : null;
  if (format && json.format === undefined) json.format = format;
  if (def.type === 'string' && typeof json.minLength === 'number' && json.minLength > 0 && def.checks?.some(isTrim)) {
    const pattern = trimmedMinPattern(json.minLength);
    if (json.pattern === undefined && json.allOf === undefined) json.pattern = pattern;
    else {
      const patterns = json.pattern === undefined ? [] : [{ pattern: json.pattern }];
      delete json.pattern;
      json.allOf = [...((json.allOf as unknown[]) ?? []), ...patterns, { pattern }];
    }
  }
};

const TARGET = { target: 'draft-2020-12' } as const;
const transformSchemas = createJsonSchemaTransform({ zodToJsonConfig: { override } });

/** As OpenAPI's `content` parameters (@fastify/swagger's x-consume), instead of "a string". */
const withJsonQueryParams = (route: RouteOptions, querystring: JsonSchema | undefined) => {
  const zodQuery = route.schema?.querystring;
  if (!querystring || !(zodQuery instanceof z.ZodObject)) return querystring;
  const properties = { ...(querystring.properties as Record<string, JsonSchema>) };
  for (const [name, field] of Object.entries(zodQuery.shape as Record<string, z.ZodType>)) {
    const value = jsonQueryParams.get(field instanceof z.ZodDefault ? field.unwrap() : field);
    if (!value || !properties[name]) continue;
    const { $schema: _dialect, ...encoded } = z.toJSONSchema(value, { ...TARGET, io: 'input', override: override as never });
    properties[name] = { ...encoded, description: properties[name].description, 'x-consume': 'application/json' };
  }
  return { ...querystring, properties };
};

/** Rules between parameters, kept on the operation as `x-query-rules` (docs/api.md "Errors"). */
const QUERY_RULE_KEYWORDS = ['dependentRequired', 'x-ordered', 'x-max-span'];
const queryRulesOf = (querystring: JsonSchema | undefined) => {
  if (!querystring) return undefined;
  const rules = Object.fromEntries(QUERY_RULE_KEYWORDS.filter((keyword) => keyword in querystring).map((k) => [k, querystring[k]]));
  return Object.keys(rules).length > 0 ? rules : undefined;
};

/**
 * Install after the security plugin (its CSP covers the reference, served from the package: no CDN) and before the
 * auth hook and the /api routes: swagger collects routes as they are registered, and the reference's routes stay public.
 */
export const installOpenApi = async (app: FastifyInstance): Promise<void> => {
  // requestId is optional: an error the HTTP parser answers before any request exists has none.
  const { $schema: _dialect, ...apiError } = z.toJSONSchema(apiErrorSchema.partial({ requestId: true }), { ...TARGET, io: 'output' });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sales Coach API',
        version: '1.0.0',
        description:
          "The admin portal's API (admin Firebase ID token) and the assistant's API (service key with scopes). Conventions: docs/api.md. " +
          'Before any operation is reached, the server may refuse a connection: request line and headers over 16 KB (431 HEADERS_TOO_LARGE), ' +
          'a request too slow to arrive (408 REQUEST_TIMEOUT), bytes that are not HTTP (400 BAD_REQUEST), each with `{ error, message }` ' +
          'and no `requestId` (there is no request yet), then the connection closes.',
      },
      components: {
        schemas: { [API_ERROR_COMPONENT]: apiError as never },
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
            description: 'A service key created on the Service Keys screen (starts with "scak_"); each route needs one scope.',
          },
        },
      },
    },
    transform: (document) => {
      const { route, url } = document;
      if (!isUnder(url, '/api') || isUnder(url, OPENAPI_PATHS.reference)) return { schema: { hide: true } as never, url };
      const transformed = transformSchemas(document);
      const schema = (transformed.schema ?? {}) as TransformedSchema;
      const querystring = withJsonQueryParams(route, schema.querystring);
      const queryRules = queryRulesOf(querystring);
      return {
        url: transformed.url,
        schema: {
          ...schema,
          ...(querystring ? { querystring } : {}),
          ...(queryRules ? { 'x-query-rules': queryRules } : {}),
          response: withErrorAnswers(route, schema),
          tags: [tagOf(url)],
          security: securityOf(route),
        } as never,
      };
    },
  });

  app.get(OPENAPI_PATHS.document, { config: { public: true } }, async () => app.swagger());

  await app.register(async (reference) => {
    reference.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await reference.register(fastifySwaggerUi, {
      routePrefix: OPENAPI_PATHS.reference,
      // The reference works offline.
      validatorUrl: false,
      theme: { title: 'Sales Coach API reference' },
      uiConfig: { deepLinking: true, persistAuthorization: false },
    });
  });
};
