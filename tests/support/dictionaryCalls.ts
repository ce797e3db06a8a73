import { count, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, dictionaryItems } from '../../server/db/schema';
import { dictionaryItemResponseSchema } from '../../src/contract/dictionary';
import type { TestApp } from './apiApp';

/**
 * The calls and counts the dictionary API tests use, as the admin of the describe block's test
 * app (`current` reads them, as its beforeAll set them).
 */
export const dictionaryCalls = (current: () => { t: TestApp; headers: Record<string, string> }) => {
  const db = () => current().t.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    current().t.app.inject({
      method,
      url: `/api/dictionary${url}`,
      headers: current().headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const createObjection = async (question: string, answer = `Answer to ${question}`, extra: object = {}) => {
    const response = await call('POST', '/objections', {
      question,
      answer,
      category: 'Original',
      isOriginal: true,
      parentId: null,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return dictionaryItemResponseSchema.parse(response.json()).data;
  };
  const addVariation = async (path: 'objections' | 'faqs', parentId: string, question: string) => {
    const response = await call('POST', `/${path}/${parentId}/variations`, { question, category: 'Variation' });
    expect(response.statusCode, response.body).toBe(201);
    return dictionaryItemResponseSchema.parse(response.json()).data;
  };
  const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0].n;
  const lastAudit = async () => (await db().select().from(auditLog).orderBy(sql`${auditLog.id} desc`).limit(1))[0];
  const rowCount = async () => (await db().select({ n: count() }).from(dictionaryItems))[0].n;
  const orphanCount = async () => {
    const result = await db().execute(
      sql`select count(*)::int as n from dictionary_items v where v.parent_id is not null and not exists (select 1 from dictionary_items o where o.id = v.parent_id)`,
    );
    return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
  };
  return { call, createObjection, addVariation, auditCount, lastAudit, rowCount, orphanCount };
};
