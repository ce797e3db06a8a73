import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { App } from '@/App';
import { PortalAuthContext } from '@/authProvider';
import { versionSchema } from '@/contract/common';
import { createDataProvider } from '@/dataProvider/dataProvider';
import { createHttpClient } from '@/dataProvider/httpClient';
import { resources } from '@/resources/registry';
import type { ResourceDeclaration } from '@/resources/types';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildAuthProvider, LocationDisplay } from '../support/render';

/** An editable resource declared as docs/architecture.md "Adding a resource" says: every kind of field, no view written. */
const noteSchema = z.object({
  title: z.string().trim().min(1).max(50),
  body: z.string().max(500).default(''),
  weight: z.number().int().min(0).max(10),
  pinned: z.boolean().default(false),
  color: z.enum(['red', 'green']),
  aliases: z.array(z.string().trim().min(1).max(20)).default([]),
  due: z.string().default(''),
  tagId: z.string().nullable().default(null),
  version: versionSchema.optional(),
});
const notes: ResourceDeclaration = {
  name: 'notes',
  api: { dialect: 'simple-rest', path: '/notes', paging: 'server', idField: 'id' },
  schema: noteSchema,
  editable: true,
  fields: [
    { source: 'title', label: 'Title', inList: true, help: 'A short name' },
    { source: 'body', label: 'Body', type: 'longText' },
    { source: 'weight', label: 'Weight' },
    { source: 'pinned', label: 'Pinned', type: 'boolean' },
    { source: 'color', label: 'Colour' },
    { source: 'aliases', label: 'Aliases', type: 'list' },
    { source: 'due', label: 'Due', type: 'date' },
    { source: 'tagId', label: 'Tag', type: 'reference', reference: 'tags' },
  ],
};
const tags: ResourceDeclaration = { name: 'tags', api: { dialect: 'simple-rest', path: '/tags', paging: 'server', idField: 'id' } };
const registry = [...resources, notes, tags];

const stored = {
  id: '1',
  title: 'First',
  body: '',
  weight: 3,
  pinned: false,
  color: 'red',
  aliases: ['one'],
  due: '',
  tagId: 't1',
  version: 1,
};

/** The server's side of ra-data-simple-rest's dialect, over a fake fetch; `conflictOnce` answers the first PUT with a 409. */
const renderNotes = (path: string, { conflictOnce = false } = {}) => {
  let note = { ...stored };
  let conflict = conflictOnce;
  const writes: { method: string; body: Record<string, unknown> }[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    if (url.pathname.startsWith('/api/tags')) return json([{ id: 't1', name: 'Blue tag' }], 200, { 'Content-Range': 'tags 0-0/1' });
    if (method === 'GET' && url.pathname === '/api/notes') return json([note], 200, { 'Content-Range': 'notes 0-0/1' });
    if (method === 'GET') return json(note);
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    writes.push({ method, body });
    if (method === 'PUT' && conflict) {
      conflict = false;
      note = { ...note, title: 'Theirs', version: 2 };
      return json({ error: 'VERSION_CONFLICT', message: 'Someone else changed this record.', requestId: 'r1' }, 409);
    }
    note = { ...note, ...body, id: '1', version: note.version + (method === 'PUT' ? 1 : 0) } as typeof note;
    return json(note, method === 'POST' ? 201 : 200);
  };
  const http = createHttpClient({
    baseUrl: 'http://api.test',
    getToken: async () => 'token',
    refreshToken: async () => 'token',
    onAuthFailure: () => undefined,
    fetch: fetchFn as typeof fetch,
  });
  const admin = buildAccount({ email: 'admin@salescoach.test' });
  render(
    <PortalAuthContext value={buildFakeAuth({ users: [admin], signedInAs: admin.email })}>
      <MemoryRouter initialEntries={[path]}>
        <App authProvider={buildAuthProvider()} dataProvider={createDataProvider(http, registry)} resources={registry} />
        <LocationDisplay />
      </MemoryRouter>
    </PortalAuthContext>,
  );
  return { writes };
};

const FIND = { timeout: 15_000 };
afterEach(() => vi.restoreAllMocks());

describe('the generated create and edit of an editable declaration', { timeout: 120_000 }, () => {
  it('creates from react-admin inputs for every kind of field, worded and checked by the schema', async () => {
    const user = userEvent.setup();
    const { writes } = renderNotes('/notes/create');
    const title = await screen.findByRole('textbox', { name: 'Title' }, FIND);
    expect(screen.getByText('A short name')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Body' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('spinbutton', { name: 'Weight' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Pinned' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Colour' })).toBeInTheDocument();
    expect(screen.getByText('Aliases')).toBeInTheDocument();
    expect(screen.getByLabelText('Due')).toHaveAttribute('type', 'date');
    expect(await screen.findByRole('combobox', { name: 'Tag' }, FIND)).toBeInTheDocument();

    // Save waits for a change (react-admin's SaveButton): the weight, then the missing title is named
    await user.type(screen.getByRole('spinbutton', { name: 'Weight' }), '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    await user.type(title, 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be 50 characters or less')).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.clear(title);
    await user.type(title, 'New note');
    await user.click(screen.getByRole('combobox', { name: 'Colour' }));
    await user.click(await screen.findByRole('option', { name: 'app.notes.choices.color.green' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getAllByRole('textbox', { name: 'Aliases' })[0], 'nn');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      body: { title: 'New note', body: '', weight: 4, pinned: false, color: 'green', aliases: ['nn'], due: '', tagId: null },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/notes/1/show'));
  });

  it('edits from the version it read; a 409 shows the conflict with Reload, and the next save carries the newer version', async () => {
    const user = userEvent.setup();
    const { writes } = renderNotes('/notes/1', { conflictOnce: true });
    const title = await screen.findByRole('textbox', { name: 'Title' }, FIND);
    await waitFor(() => expect(title).toHaveValue('First'));
    await user.clear(title);
    await user.type(title, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText(/Someone else changed this since you opened it/, {}, FIND);
    expect(writes[0]).toMatchObject({ method: 'PUT', body: { title: 'Mine', version: 1 } });
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText(/Title: Theirs/)).toBeInTheDocument();
    expect(title).toHaveValue('Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ method: 'PUT', body: { title: 'Mine', version: 2 } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/notes/1/show'));
  });
});
