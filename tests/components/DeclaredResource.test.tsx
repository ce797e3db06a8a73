import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { App } from '@/App';
import { PortalAuthContext } from '@/authProvider';
import { createDataProvider } from '@/dataProvider/dataProvider';
import { createHttpClient } from '@/dataProvider/httpClient';
import type { ResourceDeclaration } from '@/resources/types';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildAuthProvider, LocationDisplay } from '../support/render';

/** A resource declared here alone: no view component is written for it. */
const tagSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(20, 'Name must be at most 20 characters'),
  color: z.enum(['red', 'green', 'blue']),
  weight: z.number().int().min(1, 'Weight must be between 1 and 10').max(10, 'Weight must be between 1 and 10'),
});
const tags: ResourceDeclaration = {
  name: 'tags',
  api: { dialect: 'simple-rest', path: '/tags', paging: 'server', idField: 'id' },
  schema: tagSchema,
  sort: { field: 'name', order: 'ASC' },
  fields: [
    { source: 'name', label: 'Tag name', inList: true, filter: true, sortable: true },
    {
      source: 'color',
      label: 'Colour',
      type: 'select',
      choices: [
        { id: 'red', name: 'Red' },
        { id: 'green', name: 'Green' },
        { id: 'blue', name: 'Blue' },
      ],
      inList: true,
      sortable: true,
    },
    { source: 'weight', label: 'Weight', type: 'number', inList: true },
    { source: 'createdAt', label: 'Created', type: 'date', readOnly: true },
  ],
};

type Tag = z.infer<typeof tagSchema> & { id: number; createdAt: string };

/** A server route in ra-data-simple-rest's dialect that applies the same schema, over a fake fetch. */
const tagServer = () => {
  const rows: Tag[] = [
    { id: 1, name: 'beta', color: 'green', weight: 2, createdAt: '2024-05-01T10:00:00.000Z' },
    { id: 2, name: 'alpha', color: 'red', weight: 5, createdAt: '2024-05-02T10:00:00.000Z' },
    { id: 3, name: 'gamma', color: 'blue', weight: 9, createdAt: '2024-05-03T10:00:00.000Z' },
  ];
  const requests: { method: string; url: URL; body?: unknown }[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, url, body });
    const id = Number(url.pathname.split('/')[3]);
    if (method === 'GET' && !id) {
      const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { name?: string };
      const [field, order] = JSON.parse(url.searchParams.get('sort') ?? '["id","ASC"]') as [keyof Tag, string];
      const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0,24]') as [number, number];
      const matching = rows
        .filter((row) => !filter.name || row.name.includes(filter.name))
        .sort((a, b) => (a[field] > b[field] ? 1 : -1) * (order === 'DESC' ? -1 : 1));
      return json(matching.slice(start, end + 1), 200, { 'Content-Range': `tags ${start}-${end}/${matching.length}` });
    }
    if (method === 'GET') return json(rows.find((row) => row.id === id));
    const parsed = tagSchema.safeParse(body);
    if (!parsed.success) return json({ error: 'VALIDATION_ERROR', message: parsed.error.issues[0].message }, 400);
    if (method === 'POST') {
      const created = { ...parsed.data, id: rows.length + 1, createdAt: '2024-06-01T10:00:00.000Z' };
      rows.push(created);
      return json(created, 201);
    }
    const index = rows.findIndex((row) => row.id === id);
    rows[index] = { ...rows[index], ...parsed.data };
    return json(rows[index]);
  };
  return { rows, requests, fetchFn };
};

const renderTags = (path: string) => {
  const server = tagServer();
  const http = createHttpClient({
    baseUrl: 'http://api.test',
    getToken: async () => 'token',
    refreshToken: async () => 'token',
    onAuthFailure: () => undefined,
    fetch: server.fetchFn as typeof fetch,
  });
  const admin = buildAccount({ email: 'admin@salescoach.test' });
  const dataProvider = createDataProvider(http, [tags]);
  const getList = vi.spyOn(dataProvider, 'getList');
  render(
    <PortalAuthContext value={buildFakeAuth({ users: [admin], signedInAs: admin.email })}>
      <MemoryRouter initialEntries={[path]}>
        <App authProvider={buildAuthProvider()} dataProvider={dataProvider} resources={[tags]} />
        <LocationDisplay />
      </MemoryRouter>
    </PortalAuthContext>,
  );
  return { ...server, getList };
};

const FIND = { timeout: 15_000 };

describe('a resource declared in a test alone', { timeout: 45_000 }, () => {
  it('gets a generated list: columns, sorting, server paging, a filter and Export', async () => {
    const user = userEvent.setup();
    const server = renderTags('/tags');
    const table = await screen.findByRole('table', {}, FIND);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);
    expect(within(table).getByText('Red')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Tag name/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toBeInTheDocument();
    expect(decodeURIComponent(server.requests[0].url.search)).toContain('range=[0,24]');

    // the declared sort goes to the server, and only the sortable column offers sorting
    expect(decodeURIComponent(server.requests[0].url.search)).toContain('sort=["name","ASC"]');
    expect(screen.getByRole('columnheader', { name: /Tag name/ }).querySelector('[data-field="name"]')).not.toBeNull();
    expect(screen.getByRole('columnheader', { name: /Weight/ }).querySelector('[data-field]')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Tag name' }), 'alp');
    await waitFor(() => expect(names()).toEqual(['alpha']), FIND);
    expect(decodeURIComponent(server.requests.at(-1)!.url.search)).toContain('filter={"name":"alp"}');
  });

  it('sorts on a sortable column when its header is clicked, and toggles the order on a second click', async () => {
    const user = userEvent.setup();
    const server = renderTags('/tags');
    const table = await screen.findByRole('table', {}, FIND);
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0].textContent);
    await waitFor(() => expect(names()).toEqual(['alpha', 'beta', 'gamma']));
    const lastSort = () => server.getList.mock.lastCall?.[1].sort;
    expect(lastSort()).toEqual({ field: 'name', order: 'ASC' });

    const colour = screen.getByRole('columnheader', { name: /Colour/ });
    await user.click(within(colour).getByRole('button'));
    await waitFor(() => expect(lastSort()).toEqual({ field: 'color', order: 'ASC' }), FIND);
    await waitFor(() => expect(names()).toEqual(['gamma', 'beta', 'alpha']), FIND);
    expect(decodeURIComponent(server.requests.at(-1)!.url.search)).toContain('sort=["color","ASC"]');
    expect(screen.getByTestId('location')).toHaveTextContent('/tags');

    await user.click(within(colour).getByRole('button'));
    await waitFor(() => expect(lastSort()).toEqual({ field: 'color', order: 'DESC' }), FIND);
    await waitFor(() => expect(names()).toEqual(['alpha', 'beta', 'gamma']), FIND);
    expect(decodeURIComponent(server.requests.at(-1)!.url.search)).toContain('sort=["color","DESC"]');

    // back on the declared column: it sorts from its own field again
    await user.click(within(screen.getByRole('columnheader', { name: /Tag name/ })).getByRole('button'));
    await waitFor(() => expect(lastSort()).toEqual({ field: 'name', order: 'ASC' }), FIND);
    await waitFor(() => expect(names()).toEqual(['alpha', 'beta', 'gamma']), FIND);
  });

  it('offers no sorting on a column the declaration leaves unsortable', async () => {
    const user = userEvent.setup();
    const server = renderTags('/tags');
    const table = await screen.findByRole('table', {}, FIND);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const weight = screen.getByRole('columnheader', { name: /Weight/ });
    expect(within(weight).queryByRole('button')).toBeNull();
    const calls = server.getList.mock.calls.length;
    await user.click(weight);
    expect(server.getList.mock.calls.length).toBe(calls);
    expect(server.getList.mock.lastCall?.[1].sort).toEqual({ field: 'name', order: 'ASC' });
  });

  it('gets a generated show view with every declared field', async () => {
    const user = userEvent.setup();
    renderTags('/tags');
    await user.click(await screen.findByText('alpha', {}, FIND));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tags/2/show'));
    expect(await screen.findByText('Created', {}, FIND)).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.getByText('Red')).toBeInTheDocument();
  });

  it('gets a create form whose validation is the schema the server applies', async () => {
    const user = userEvent.setup();
    const server = renderTags('/tags/create');
    const name = await screen.findByRole('textbox', { name: /Tag name/ }, FIND);
    await user.type(name, 'x'.repeat(21));
    await user.type(screen.getByRole('spinbutton', { name: /Weight/ }), '11');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be at most 20 characters')).toBeInTheDocument();
    expect(screen.getByText('Weight must be between 1 and 10')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.clear(name);
    await user.type(name, 'delta');
    await user.clear(screen.getByRole('spinbutton', { name: /Weight/ }));
    await user.type(screen.getByRole('spinbutton', { name: /Weight/ }), '3');
    await user.click(screen.getByRole('combobox', { name: /Colour/ }));
    await user.click(await screen.findByRole('option', { name: 'Blue' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tags/4/show'), FIND);
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({ name: 'delta', color: 'blue', weight: 3 });
  });

  it('gets an edit form that saves through the same route', async () => {
    const user = userEvent.setup();
    const server = renderTags('/tags/1');
    const name = await screen.findByRole('textbox', { name: /Tag name/ }, FIND);
    await waitFor(() => expect(name).toHaveValue('beta'));
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(name, 'beta two');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.rows[0].name).toBe('beta two'), FIND);
    expect(server.requests.find((request) => request.method === 'PUT')?.url.pathname).toBe('/api/tags/1');
  });
});
