import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { declaredColumns } from '../../server/db/schema/columns';
import { serverResources } from '../../server/resources';
import type { ServerResource } from '../../server/services/declaredResource';
import { declaredContract } from '../../src/contract/declaredResource';
import type { AddressInfo } from 'node:net';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { fetchAllRows, flattenRecord, toCsv } from '../../src/dataProvider/csvExport';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { createKey } from '../support/assistant';

// A throwaway resource declared as docs/architecture.md "Adding a resource" says: a contract, a table and its migration, a server declaration.
const tagContract = declaredContract({
  fields: z.object({
    name: z.string().trim().min(1).max(50),
    color: z.enum(['red', 'green']).default('red'),
    aliases: z.array(z.string().trim().min(1).max(50)).max(10).default([]),
    weight: z.number().int().min(0).max(100).default(0),
    pinned: z.boolean().default(false),
  }),
  sortable: ['name', 'weight'],
  filters: ['name', 'color', 'pinned'],
});
const tags = pgTable('tags', {
  ...declaredColumns(),
  name: text('name').notNull(),
  color: text('color').notNull().default('red'),
  aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
  weight: integer('weight').notNull().default(0),
  pinned: boolean('pinned').notNull().default(false),
});
const tagsResource: ServerResource = {
  name: 'tags',
  path: '/admin/tags',
  table: tags,
  contract: tagContract,
  record: 'tag',
  title: 'name',
};

describe.each(DB_KINDS)('a resource declared on the server (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind, { resources: [...serverResources, tagsResource] });
    for (const statement of await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ tags }))) {
      await t.db.execute(sql.raw(statement));
    }
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  const list = (query: Record<string, unknown>) =>
    call('GET', `/admin/tags?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)]))}`);
  const version = async () => (await call('GET', '/admin/config-version')).json().data.version as number;
  const audit = async (targetId: string) =>
    (await call('GET', `/admin/audit?filter=${encodeURIComponent(JSON.stringify({ targetType: 'tag', targetId }))}`)).json() as {
      action: string;
      changes: string[];
    }[];

  it('creates, lists with sort, range, filters and search, reads, updates with the version check and deletes, each audited', async () => {
    const configVersion = await version();
    const names = ['Gamma', 'Alpha', 'Beta'];
    const created = [];
    for (const [index, name] of names.entries()) {
      const response = await call('POST', '/admin/tags', { name, aliases: [`${name} Inc`], weight: index * 10, pinned: index === 1 });
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json());
    }
    expect(created[0]).toMatchObject({ name: 'Gamma', color: 'red', aliases: ['Gamma Inc'], version: 1, id: expect.any(String) });

    const page = await list({ sort: ['name', 'ASC'], range: [0, 1] });
    expect(page.headers['content-range']).toBe('tags 0-1/3');
    expect(page.json().map((tag: { name: string }) => tag.name)).toEqual(['Alpha', 'Beta']);
    expect((await list({ sort: ['weight', 'DESC'], range: [2, 4] })).headers['content-range']).toBe('tags 2-2/3');
    expect((await list({ filter: { pinned: true } })).json().map((tag: { name: string }) => tag.name)).toEqual(['Alpha']);
    expect((await list({ filter: { q: 'beta inc' } })).json().map((tag: { name: string }) => tag.name)).toEqual(['Beta']);
    expect((await list({ filter: { name: 'AMM' } })).json().map((tag: { name: string }) => tag.name)).toEqual(['Gamma']);
    expect((await list({ filter: { id: [created[2].id] } })).json()).toHaveLength(1);
    expect((await list({ filter: { color: 'blue' } })).statusCode).toBe(400);
    expect((await list({ filter: { unknown: 'x' } })).statusCode).toBe(400);

    const id = created[0].id as string;
    expect((await call('GET', `/admin/tags/${id}`)).json()).toEqual(created[0]);
    const updated = await call('PUT', `/admin/tags/${id}`, { ...tagContract.fields.parse(created[0]), color: 'green', version: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ color: 'green', version: 2 });
    const stale = await call('PUT', `/admin/tags/${id}`, { name: 'Gamma', color: 'red', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('VERSION_CONFLICT');
    expect((await call('PUT', `/admin/tags/${id}`, { name: '' })).statusCode).toBe(400);

    const deleted = await call('DELETE', `/admin/tags/${id}`);
    expect(deleted.json()).toMatchObject({ id, name: 'Gamma' });
    expect((await call('GET', `/admin/tags/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/admin/tags/${id}`)).statusCode).toBe(404);

    expect((await audit(id)).map((row) => row.action)).toEqual(['tag.delete', 'tag.update', 'tag.create']);
    expect((await audit(id))[1].changes).toEqual(['color: red → green']);
    // tags are not in the assistant's configuration: its version stays
    expect(await version()).toBe(configVersion);
  });

  it("is written, read and exported as CSV by the portal's own dataProvider over HTTP, each write audited", async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const token = headers.authorization.replace(/^Bearer /, '');
    const http = createHttpClient({
      baseUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      getToken: async () => token,
      refreshToken: async () => token,
      onAuthFailure: () => undefined,
    });
    const declaration = { name: 'tags', api: { dialect: 'simple-rest', path: '/admin/tags', paging: 'server', idField: 'id' } } as const;
    const portal = createDataProvider(http, [declaration]);
    const made = [];
    for (const name of ['=HYPERLINK("x")', 'Zeta, "quoted"', 'Eta'])
      made.push((await portal.create('tags', { data: { name, color: 'green', aliases: [`${name} alias`] } })).data);
    const { data: edited } = await portal.update('tags', {
      id: made[2].id,
      data: { ...tagContract.fields.parse(made[2]), weight: 7, version: made[2].version },
      previousData: made[2],
    });
    expect(edited).toMatchObject({ weight: 7, version: 2 });
    expect((await portal.getOne('tags', { id: made[2].id })).data).toMatchObject({ name: 'Eta', weight: 7 });

    const exported = await fetchAllRows(
      (page, perPage) =>
        portal.getList('tags', { pagination: { page, perPage }, sort: { field: 'name', order: 'ASC' }, filter: { color: 'green' } }),
      { pageSize: 2 },
    );
    expect(exported).toMatchObject({ total: 3, capped: false });
    const csv = toCsv(
      exported.rows.map((row) => flattenRecord(row)),
      ['name', 'aliases', 'weight'],
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFname,aliases,weight',
      `"'=HYPERLINK(""x"")","'=HYPERLINK(""x"") alias",0`,
      'Eta,Eta alias,7',
      '"Zeta, ""quoted""","Zeta, ""quoted"" alias",0',
    ]);

    await portal.delete('tags', { id: made[2].id, previousData: edited });
    expect((await audit(made[2].id)).map((row) => row.action)).toEqual(['tag.delete', 'tag.update', 'tag.create']);
    expect((await list({ filter: { color: 'green' } })).json()).toHaveLength(2);
  });

  it('documents every route with its error answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const item = document.paths['/api/admin/tags/{id}'];
    expect(Object.keys(item.put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '429', '500']));
    expect(Object.keys(document.paths['/api/admin/tags'].get.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
  });

  it('raises the configuration version with each battlecard change, in its transaction', async () => {
    const before = await version();
    const created = await call('POST', '/battlecards', { name: 'Avaya', otherNames: ['Avaya Cloud'] });
    expect(created.statusCode, created.body).toBe(201);
    await call('PUT', `/battlecards/${created.json().id}`, { name: 'Avaya', talkTrack: 'Ask about their roadmap.', version: 1 });
    await call('DELETE', `/battlecards/${created.json().id}`);
    expect(await version()).toBe(before + 3);
  });

  it("carries the active battlecards in the assistant's configuration, under its version", async () => {
    const active = (
      await call('POST', '/battlecards', { name: 'Gong', otherNames: ['Gong.io'], talkTrack: 'Live, not later.', proofPoints: ['1 s'] })
    ).json();
    await call('POST', '/battlecards', { name: 'Retired Co', isActive: false });
    const key = await createKey(t, headers, ['config:read']);
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/assistant/config', headers: key.headers })).json();
    expect(data.version).toBe(await version());
    expect(data.battlecards).toEqual([
      { id: active.id, name: 'Gong', otherNames: ['Gong.io'], talkTrack: 'Live, not later.', proofPoints: ['1 s'] },
    ]);
  });

  it('"Test a phrase" lists the active battlecards the phrase names, by name or other name, as whole words', async () => {
    const card = (await call('POST', '/battlecards', { name: 'Chorus', otherNames: ['Chorus.ai'] })).json();
    await call('POST', '/battlecards', { name: 'Dormant', isActive: false });
    const test = async (text: string) => (await call('POST', '/dictionary/match', { text })).json().data.battlecards;
    expect(await test('Honestly we are happy with chorus.ai and Dormant')).toEqual([
      { id: card.id, name: 'Chorus', matchedName: 'Chorus.ai' },
    ]);
    expect(await test('The choruses were lovely')).toEqual([]);
  });
});
