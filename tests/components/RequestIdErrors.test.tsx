import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@/contract/apiKeys';
import { fr } from '@/i18n/fr';
import { ApiKeyList } from '@/resources/apiKeys/ApiKeyList';
import { buildDataProvider, renderInAdmin } from '../support/render';

const REQUEST_ID = '3f0c9b8e-51d2-4c7a-9a5e-2b7d4e6f8a10';

const key: ApiKey = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Prometheus',
  scopes: ['metrics:read'],
  prefix: 'scak_Ab3dE9x',
  createdByUid: 'uid-ann',
  createdByEmail: 'ann@example.test',
  createdAt: '2026-05-01T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

/** The Service Keys screen whose revoke call fails with the server's 500 body. */
const renderFailingRevoke = (options: { i18nProvider?: ReturnType<typeof polyglotI18nProvider> } = {}) => {
  const getList = vi.fn(async () => ({ data: [{ ...key }], total: 1 }));
  const remove = vi.fn(async () => {
    throw new HttpError('Internal server error', 500, { error: 'INTERNAL_ERROR', message: 'Internal server error', requestId: REQUEST_ID });
  });
  renderInAdmin(<ApiKeyList />, {
    dataProvider: buildDataProvider({ getList, delete: remove } as never),
    path: '/service-keys',
    ...options,
  });
};

const revoke = async (buttonName: RegExp, confirmName: RegExp) => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: buttonName }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: confirmName }));
};

describe("a failed request's message quotes its request id", () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the action text and the request id the server sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFailingRevoke();
    await revoke(/^Revoke Prometheus$/, /^Revoke$/);
    expect(await screen.findByText(`Failed to revoke the service key (request ID: ${REQUEST_ID})`)).toBeInTheDocument();
  });

  it('says it in French', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFailingRevoke({ i18nProvider: polyglotI18nProvider(() => fr, 'fr') });
    await revoke(/^Révoquer Prometheus$/, /^Révoquer$/);
    expect(
      await screen.findByText(`Échec de la révocation de la clé de service (identifiant de la requête : ${REQUEST_ID})`),
    ).toBeInTheDocument();
  });

  it('labels the metrics:read scope in the create dialog', async () => {
    const user = userEvent.setup();
    renderInAdmin(<ApiKeyList />, {
      dataProvider: buildDataProvider({ getList: vi.fn(async () => ({ data: [], total: 0 })) } as never),
      path: '/service-keys',
    });
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a service key' });
    expect(within(dialog).getByRole('checkbox', { name: 'Read the server metrics, for Prometheus (metrics:read)' })).not.toBeChecked();
  });
});
