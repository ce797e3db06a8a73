import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@/contract/apiKeys';
import { ApiKeyList } from '@/resources/apiKeys/ApiKeyList';
import { buildDataProvider, renderInAdmin } from '../support/render';

// MUI dialogs driven through role queries take a while in jsdom on a busy machine.

const SECRET = `scak_${'A1b2C3d4E5'.repeat(4)}xyz`;

const buildKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Live assistant',
  scopes: ['config:read', 'sessions:write'],
  prefix: 'scak_Ab3dE9x',
  createdByUid: 'uid-ann',
  createdByEmail: 'ann@example.test',
  createdAt: '2026-05-01T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

/** The keys live in memory: create adds one (answering the secret once), delete revokes. */
const renderKeys = (initial: ApiKey[], { failCreate }: { failCreate?: HttpError } = {}) => {
  let keys = [...initial];
  const getList = vi.fn(async () => ({ data: keys.map((key) => ({ ...key })), total: keys.length }));
  const create = vi.fn(async (_resource: string, { data }: { data: { name: string; scopes: ApiKey['scopes'] } }) => {
    if (failCreate) throw failCreate;
    const key = buildKey({ id: `00000000-0000-4000-8000-00000000000${keys.length + 2}`, ...data, prefix: SECRET.slice(0, 12) });
    keys = [key, ...keys];
    return { data: { ...key, key: SECRET } };
  });
  const remove = vi.fn(async (_resource: string, { id }: { id: string }) => {
    keys = keys.map((key) => (key.id === id ? { ...key, revokedAt: '2026-05-02T10:00:00.000Z' } : key));
    return { data: { id } };
  });
  const dataProvider = buildDataProvider({ getList, create, delete: remove } as never);
  renderInAdmin(<ApiKeyList />, { dataProvider, path: '/service-keys' });
  return { getList, create, remove };
};

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('Service Keys screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the keys: name, shown prefix, scopes, created by and when, last used, status; revoked keys cannot be revoked again', async () => {
    renderKeys([
      buildKey(),
      buildKey({
        id: '00000000-0000-4000-8000-000000000009',
        name: 'Old CRM sync',
        scopes: ['sessions:write'],
        createdByEmail: null,
        lastUsedAt: '2026-05-01T12:00:00.000Z',
        revokedAt: '2026-05-02T08:00:00.000Z',
      }),
    ]);
    const live = await rowOf('Live assistant');
    for (const column of ['Name', 'Key', 'Scopes', 'Created', 'Last used', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(within(live).getByText('scak_Ab3dE9x')).toBeInTheDocument();
    expect(within(live).getByText('config:read')).toBeInTheDocument();
    expect(within(live).getByText('sessions:write')).toBeInTheDocument();
    expect(within(live).getByText('by ann@example.test')).toBeInTheDocument();
    expect(within(live).getByText('Never')).toBeInTheDocument();
    expect(within(live).getByText('Active')).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Revoke Live assistant' })).toBeInTheDocument();

    const old = await rowOf('Old CRM sync');
    expect(within(old).getByText('by uid-ann')).toBeInTheDocument();
    expect(within(old).queryByText('config:read')).not.toBeInTheDocument();
    expect(within(old).getByText(/^Revoked /)).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it("shows the server's message when the keys cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const getList = vi.fn(async () => {
      throw new HttpError('Service unavailable', 503, {
        error: 'AUTH_UNAVAILABLE',
        message: 'The sign-in service cannot be reached right now.',
      });
    });
    renderInAdmin(<ApiKeyList />, { dataProvider: buildDataProvider({ getList } as never), path: '/service-keys' });
    expect(await screen.findByText('The sign-in service cannot be reached right now.')).toBeInTheDocument();
    // a list that could not be read is not an empty one
    expect(screen.queryByText('No service keys yet.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says when there are no keys', async () => {
    renderKeys([]);
    expect(await screen.findByText('No service keys yet.')).toBeInTheDocument();
  });

  it('creates a key and shows its secret once, with a warning and a copy button', async () => {
    const user = userEvent.setup();
    const { create, getList } = renderKeys([]);
    await screen.findByText('No service keys yet.');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a service key' });

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Please enter a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one scope')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Live assistant (production) ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Write call sessions (sessions:write)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read the configuration (config:read)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][1]).toEqual({ data: { name: 'Live assistant (production)', scopes: ['config:read', 'sessions:write'] } });

    const secret = await screen.findByRole('dialog', { name: 'Your new service key' });
    expect(within(secret).getByText(/It will not be shown again/)).toBeInTheDocument();
    expect(within(secret).getByRole('textbox', { name: 'Service key' })).toHaveValue(SECRET);
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect(await within(secret).findByText('Copied to the clipboard.')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);

    // Escape does not lose it; Done does, for good.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Your new service key' })).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(await screen.findByText('Service key created')).toBeInTheDocument();
    expect(await rowOf('Live assistant (production)')).toBeInTheDocument();
    expect(getList.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('selects the secret for a manual copy when the clipboard is refused', async () => {
    const user = userEvent.setup();
    renderKeys([]);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a service key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Batch import');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Write call sessions (sessions:write)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const secret = await screen.findByRole('dialog', { name: 'Your new service key' });
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect(await within(secret).findByText(/press Ctrl\+C/)).toBeInTheDocument();
    const input = within(secret).getByRole('textbox', { name: 'Service key' }) as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, SECRET.length]);
  });

  it("shows the server's message when the key cannot be created", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderKeys([], {
      failCreate: new HttpError('Too many requests. Please wait 5 seconds and try again.', 429, {
        error: 'RATE_LIMITED',
        message: 'Too many requests. Please wait 5 seconds and try again.',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a service key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Batch import');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read the configuration (config:read)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Too many requests. Please wait 5 seconds and try again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your new service key' })).not.toBeInTheDocument();
  });

  it('revokes after a confirmation whose Cancel has the focus', async () => {
    const user = userEvent.setup();
    const { remove } = renderKeys([buildKey()]);
    const row = await rowOf('Live assistant');
    await user.click(within(row).getByRole('button', { name: 'Revoke Live assistant' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke this service key?' });
    expect(within(dialog).getByText(/Calls with "Live assistant" will be refused/)).toBeInTheDocument();
    // Cancel takes the focus once the dialog has opened.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();

    await user.click(within(row).getByRole('button', { name: 'Revoke Live assistant' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke this service key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(remove.mock.calls[0][1]).toMatchObject({ id: '00000000-0000-4000-8000-000000000001' });
    expect(await screen.findByText('Service key revoked')).toBeInTheDocument();
    const revoked = await rowOf('Live assistant');
    expect(await within(revoked).findByText(/^Revoked /)).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });
});
