import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@/config';
import type { PortalDataProvider } from '@/dataProvider/types';
import { UserList } from '@/resources/users/UserList';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildUser } from '../support/users';

/** The Users list on the window's own address, as in the portal. */
const renderUsersAtAddress = () => {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [buildUser()], total: 1 }));
  renderInAdmin(<UserList />, {
    dataProvider: buildDataProvider({ getList } as Partial<PortalDataProvider>),
    path: '/users',
    router: 'browser',
  });
  return getList;
};
const settled = () => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 3));

describe("a list's search and the window's address", () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('writes the settled search into the address of the list', async () => {
    const user = userEvent.setup();
    renderUsersAtAddress();
    await user.type(await screen.findByPlaceholderText('Search by email or name...'), 'ann');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('filter')).toBe('{"search":"ann"}'));
    expect(window.location.pathname).toBe('/users');
  });

  it('does not take the admin back to the list when the search settles after they followed a link', async () => {
    const user = userEvent.setup();
    const getList = renderUsersAtAddress();
    await user.type(await screen.findByPlaceholderText('Search by email or name...'), 'ann');
    // The link's page is on its way: the address has changed while the list is still drawn.
    window.history.pushState(null, '', '/sessions?filter=%7B%22rep%22%3A%22ann%40example.test%22%7D');
    await settled();
    expect(window.location.pathname).toBe('/sessions');
    expect(new URLSearchParams(window.location.search).get('filter')).toBe('{"rep":"ann@example.test"}');
    expect(getList).not.toHaveBeenCalledWith('users', expect.objectContaining({ filter: { search: 'ann' } }));
  });
});
