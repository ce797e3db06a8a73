import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { App } from '@/App';
import { PortalAuthContext } from '@/authProvider';
import { createDataProvider } from '@/dataProvider/dataProvider';
import { createHttpClient } from '@/dataProvider/httpClient';
import { resources } from '@/resources/registry';
import type { ResourceDeclaration } from '@/resources/types';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildAuthProvider, LocationDisplay } from '../support/render';

/**
 * A resource added exactly as docs/architecture.md "Adding a resource" says, and nothing more: its wire
 * schema, its declaration (what src/resources/tags/index.ts would hold) and its line in the
 * registry. No view component is written for it.
 */
const tagSchema = z.object({
  name: z.string().trim().min(1).max(20),
  color: z.enum(['red', 'green', 'blue']),
  weight: z.number().int().min(1).max(10),
});
const tags: ResourceDeclaration = {
  name: 'tags',
  api: { dialect: 'simple-rest', path: '/tags', paging: 'server', idField: 'id' },
  schema: tagSchema,
  sort: { field: 'name', order: 'ASC' },
  fields: [
    { source: 'name', label: 'Tag name', inList: true, filter: true, sortable: true },
    { source: 'color', label: 'Colour', type: 'chip', inList: true, sortable: true },
    { source: 'weight', label: 'Weight', inList: true },
    { source: 'createdAt', label: 'Created', type: 'date', filter: true, readOnly: true },
  ],
};
/** registry.ts with the new line. */
const registry = [...resources, tags];

type Tag = z.infer<typeof tagSchema> & { id: number; createdAt: string; note: string };

/** A server route in ra-data-simple-rest's dialect, over a fake fetch: the dataProvider's stand-in backend. */
const tagServer = () => {
  const rows: Tag[] = [
    { id: 1, name: 'beta', color: 'green', weight: 2, createdAt: '2024-05-01T10:00:00.000Z', note: 'undeclared' },
    { id: 2, name: 'alpha', color: 'red', weight: 5, createdAt: '2024-05-02T10:00:00.000Z', note: 'undeclared' },
    { id: 3, name: 'gamma', color: 'blue', weight: 9, createdAt: '2024-05-03T10:00:00.000Z', note: 'undeclared' },
  ];
  const requests: { method: string; url: URL }[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    requests.push({ method, url });
    const id = Number(url.pathname.split('/')[3]);
    if (method === 'GET' && !id) {
      const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { name?: string; createdAt_gte?: string };
      const [field, order] = JSON.parse(url.searchParams.get('sort') ?? '["id","ASC"]') as [keyof Tag, string];
      const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0,24]') as [number, number];
      const matching = rows
        .filter((row) => !filter.name || row.name.includes(filter.name))
        .filter((row) => !filter.createdAt_gte || row.createdAt >= filter.createdAt_gte)
        .sort((a, b) => (a[field] > b[field] ? 1 : -1) * (order === 'DESC' ? -1 : 1));
      return json(matching.slice(start, end + 1), 200, { 'Content-Range': `tags ${start}-${end}/${matching.length}` });
    }
    if (method === 'GET') return json(rows.find((row) => row.id === id));
    return json({ error: 'NOT_FOUND', message: 'Not found' }, 404);
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
  const dataProvider = createDataProvider(http, registry);
  const getList = vi.spyOn(dataProvider, 'getList');
  render(
    <PortalAuthContext value={buildFakeAuth({ users: [admin], signedInAs: admin.email })}>
      <MemoryRouter initialEntries={[path]}>
        <App authProvider={buildAuthProvider()} dataProvider={dataProvider} resources={registry} />
        <LocationDisplay />
      </MemoryRouter>
    </PortalAuthContext>,
  );
  return { ...server, getList, admin };
};

const FIND = { timeout: 15_000 };

const namesIn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

// `hidden`: while a menu is open, MUI hides the page behind it from the accessibility tree.
const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent);

// jsdom has no object URLs and does not download: keep the Blob the browser would be handed.
let downloads: Blob[] = [];
beforeEach(() => {
  downloads = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      downloads.push(blob);
      return `blob:export-${downloads.length}`;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('a resource added as docs/architecture.md says: a declaration and a registry line', { timeout: 45_000 }, () => {
  it('gets a generated list: the declared columns, sorting, server paging, its filters and Export', async () => {
    const user = userEvent.setup();
    const server = renderTags('/tags');
    const table = await screen.findByRole('table', {}, FIND);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(namesIn(table)).toEqual(['alpha', 'beta', 'gamma']);
    expect(headers()).toEqual(['Tag name', 'Colour', 'Weight']);
    expect(within(table).getByText('red')).toBeInTheDocument();
    expect(within(table).queryByText('undeclared')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved queries' })).toBeInTheDocument();
    // no form is generated: nothing to create or edit
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
    expect(decodeURIComponent(server.requests[0].url.search)).toContain('range=[0,24]');

    // the declared sort goes to the server, and only the sortable columns offer sorting
    expect(decodeURIComponent(server.requests[0].url.search)).toContain('sort=["name","ASC"]');
    expect(screen.getByRole('columnheader', { name: /Tag name/ }).querySelector('[data-field="name"]')).not.toBeNull();
    expect(screen.getByRole('columnheader', { name: /Weight/ }).querySelector('[data-field]')).toBeNull();

    // a filter per `filter` field: a text box, and a from/to pair for the date
    expect(screen.getByRole('textbox', { name: 'Tag name' })).toBeInTheDocument();
    expect(screen.getByLabelText('Created to')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2024-05-02' } });
    await waitFor(() => expect(namesIn(table)).toEqual(['alpha', 'gamma']), FIND);
    expect(server.getList.mock.lastCall?.[1].filter).toEqual({ createdAt_gte: '2024-05-02' });
    await user.type(screen.getByRole('textbox', { name: 'Tag name' }), 'alp');
    await waitFor(() => expect(namesIn(table)).toEqual(['alpha']), FIND);
    expect(server.getList.mock.lastCall?.[1].filter).toEqual({ createdAt_gte: '2024-05-02', name: 'alp' });
    expect(decodeURIComponent(server.requests.at(-1)!.url.search)).toContain('"name":"alp"');
  });

  it('exports every row matching the filters, the declared fields first', async () => {
    const user = userEvent.setup();
    const server = renderTags('/tags');
    const table = await screen.findByRole('table', {}, FIND);
    await waitFor(() => expect(namesIn(table)).toEqual(['alpha', 'beta', 'gamma']));
    await user.type(screen.getByRole('textbox', { name: 'Tag name' }), 'a');
    await waitFor(() => expect(server.getList.mock.lastCall?.[1].filter).toEqual({ name: 'a' }), FIND);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toHaveLength(1), FIND);
    expect(server.getList.mock.lastCall?.[1]).toMatchObject({ filter: { name: 'a' }, sort: { field: 'name', order: 'ASC' } });
    const [header, ...rows] = (await downloads[0].text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('id,name,color,weight,createdAt,note');
    expect(rows).toEqual([
      '2,alpha,red,5,2024-05-02T10:00:00.000Z,undeclared',
      '1,beta,green,2,2024-05-01T10:00:00.000Z,undeclared',
      '3,gamma,blue,9,2024-05-03T10:00:00.000Z,undeclared',
    ]);
    expect(await screen.findByText('Exported 3 rows')).toBeInTheDocument();
  });

  it('gets a column chooser over the declared list columns: the first always stays, a hidden one is remembered', async () => {
    const user = userEvent.setup();
    const { admin } = renderTags('/tags');
    const table = await screen.findByRole('table', {}, FIND);
    await waitFor(() => expect(namesIn(table)).toEqual(['alpha', 'beta', 'gamma']));
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(['Tag nameAlways shown', 'Colour', 'Weight']);
    expect(within(menu).getByRole('menuitemcheckbox', { name: /^Tag name/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Weight' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(headers()).toEqual(['Tag name', 'Colour']));
    expect(within(table).queryByText('5')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Columns (1 hidden)' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(`RaStore.listPreferences.${admin.uid}.tags.hiddenColumns`) ?? 'null')).toEqual(['weight']);
  });

  it('sorts on a sortable column when its header is clicked, and toggles the order on a second click', async () => {
    const user = userEvent.setup();
    const server = renderTags('/tags');
    const table = await screen.findByRole('table', {}, FIND);
    await waitFor(() => expect(namesIn(table)).toEqual(['alpha', 'beta', 'gamma']));
    const lastSort = () => server.getList.mock.lastCall?.[1].sort;
    expect(lastSort()).toEqual({ field: 'name', order: 'ASC' });

    const colour = screen.getByRole('columnheader', { name: /Colour/ });
    await user.click(within(colour).getByRole('button'));
    await waitFor(() => expect(lastSort()).toEqual({ field: 'color', order: 'ASC' }), FIND);
    await waitFor(() => expect(namesIn(table)).toEqual(['gamma', 'beta', 'alpha']), FIND);
    expect(decodeURIComponent(server.requests.at(-1)!.url.search)).toContain('sort=["color","ASC"]');
    expect(screen.getByTestId('location')).toHaveTextContent('/tags');

    await user.click(within(colour).getByRole('button'));
    await waitFor(() => expect(lastSort()).toEqual({ field: 'color', order: 'DESC' }), FIND);
    await waitFor(() => expect(namesIn(table)).toEqual(['alpha', 'beta', 'gamma']), FIND);
    expect(decodeURIComponent(server.requests.at(-1)!.url.search)).toContain('sort=["color","DESC"]');

    // back on the declared column: it sorts from its own field again
    await user.click(within(screen.getByRole('columnheader', { name: /Tag name/ })).getByRole('button'));
    await waitFor(() => expect(lastSort()).toEqual({ field: 'name', order: 'ASC' }), FIND);
    await waitFor(() => expect(namesIn(table)).toEqual(['alpha', 'beta', 'gamma']), FIND);
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

  it('gets a generated show view with every declared field, and nothing undeclared', async () => {
    const user = userEvent.setup();
    renderTags('/tags');
    await user.click(await screen.findByText('alpha', {}, FIND));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tags/2/show'));
    expect(await screen.findByText('Created', {}, FIND)).toBeInTheDocument();
    for (const label of ['Tag name', 'Colour', 'Weight']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.getByText('red')).toBeInTheDocument();
    expect(screen.queryByText('undeclared')).not.toBeInTheDocument();
  });
});
