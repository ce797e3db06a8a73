import { count, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { HTTPMethods } from 'fastify';
import type { z } from 'zod';
import * as dbSchema from '../../server/db/schema';
import type { TestApp } from './apiApp';
import { urlText } from './fuzzValues';

/**
 * The route fuzz's requests (docs/security.md "Input"): the parts a route's schemas cover,
 * how a generated value travels (JSON body, URL path and query) and what the route then sees,
 * and the row counts compared around each batch.
 */

export const PARTS = ['params', 'querystring', 'body'] as const;
export type Part = (typeof PARTS)[number];
export interface FuzzRoute {
  method: HTTPMethods;
  url: string;
  schemas: Partial<Record<Part, z.ZodType>>;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as it travels in a URL: text as is, anything else as JSON. */
const wireText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Query entries as the server parses them back: a list is a repeated key, an empty list no key. */
const queryEntries = (query: Record<string, unknown>): [string, string][] =>
  Object.entries(query).flatMap(([key, value]) =>
    value === undefined
      ? []
      : (Array.isArray(value) ? value : [value]).map((item): [string, string] => [urlText(key), urlText(wireText(item))]),
  );

const deliveredQuery = (query: Record<string, unknown>): Record<string, string | string[]> => {
  const seen: Record<string, string | string[]> = {};
  for (const [key, value] of queryEntries(query)) {
    const previous = seen[key];
    seen[key] = previous === undefined ? value : [previous, value].flat();
  }
  return seen;
};

const deliveredParams = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(params).map(([key, value]) => [key, urlText(wireText(value))]));

/** What the route's validation sees of each part, after JSON or URL transport. */
export const delivered = (part: Part, value: unknown): unknown => {
  if (part === 'body') return value === undefined ? undefined : JSON.parse(JSON.stringify(value) ?? 'null');
  return part === 'querystring' ? deliveredQuery(value as Record<string, unknown>) : deliveredParams(value as Record<string, unknown>);
};

export interface FuzzRequest {
  params: Record<string, unknown>;
  /** Raw text per param or query key, sent without encoding (bytes that are not UTF-8). */
  raw?: { params?: Record<string, string>; query?: Record<string, string> };
  query?: Record<string, unknown>;
  body?: unknown;
}

export const pathOf = (url: string, params: Record<string, unknown>, raw: Record<string, string> = {}) =>
  url.replace(/:(\w+)/g, (_match, name: string) => raw[name] ?? encodeURIComponent(urlText(wireText(params[name]))));

export const searchOf = (query: Record<string, unknown> = {}, raw: Record<string, string> = {}) => {
  const pairs = [
    ...queryEntries(query).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`),
    ...Object.entries(raw).map(([key, value]) => `${encodeURIComponent(key)}=${value}`),
  ];
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
};

export const tableCounts = async (t: TestApp) => {
  const tables = Object.values(dbSchema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
  const counts = await Promise.all(
    tables.map(async (table) => [getTableName(table), (await t.db.select({ n: count() }).from(table))[0].n] as const),
  );
  return Object.fromEntries(counts);
};

/**
 * The assistant's API and its admin routes (service keys, the config version): fuzzed with a
 * service key and their own fixtures by tests/api/routeFuzzAssistant.test.ts, so the route fuzz
 * of the admin API leaves them out.
 */
export const isAssistantRoute = (url: string) =>
  url.startsWith('/api/assistant/') || url.startsWith('/api/admin/api-keys') || url === '/api/admin/config-version';
