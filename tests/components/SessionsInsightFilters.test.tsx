import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type GetListParams, localStorageStore, parseQueryFromLocation, type Store } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '@/dataProvider/dataProvider';
import type { HttpClient } from '@/dataProvider/httpClient';
import sessions from '@/resources/sessions';
import { sessionsPath } from '@/resources/sessions/sessionFilters';
import { SESSION_LIST_STORE_KEY } from '@/resources/sessions/sessionNavigation';
import { SessionList } from '@/resources/sessions/SessionList';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildDetail, buildSession, renderDetail, withFilterLookups } from '../support/sessions';

/** The address's query, as the browser's address bar shows it; and Back / Forward. */
let history: { back(): void; forward(): void } = { back: () => undefined, forward: () => undefined };
const Address = () => {
  const { search } = useLocation();
  const navigate = useNavigate();
  history = { back: () => navigate(-1), forward: () => navigate(1) };
  return <output data-testid="address">{search}</output>;
};
/** The list's filters as react-admin's sync writes them in the address. */
const addressObject = (): Record<string, string> =>
  parseQueryFromLocation({ search: screen.getByTestId('address').textContent ?? '' }).filter ?? {};

const admin = buildAccount({ email: 'admin@salescoach.test' });
const rows = Array.from({ length: 3 }, (_, i) => buildSession({ sessionId: `s-${i}`, sessionName: `Call ${i}` }));

const renderAt = (path: string, { store = localStorageStore() }: { store?: Store } = {}) => {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({
    data: rows.map((session) => ({ ...session, id: session.sessionId })),
    total: 40,
  }));
  const view = renderInAdmin(
    <>
      <SessionList />
      <Address />
    </>,
    {
      dataProvider: buildDataProvider({ getList: withFilterLookups(getList) } as never),
      auth: buildFakeAuth({ users: [admin], signedInAs: admin.email }),
      path,
      store,
    },
  );
  return { getList, store, view };
};
const lastParams = (getList: ReturnType<typeof renderAt>['getList']) => getList.mock.calls.at(-1)?.[1];
const chipsGroup = () => screen.getByRole('group', { name: 'Active filters' });
const chipNames = () =>
  within(chipsGroup())
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);

const ITEM = 'q:objection:too expensive';
const insightFilter = {
  status: 'completed',
  rep: 'emma@x.test',
  item: ITEM,
  label: 'It is too expensive',
  from: '2026-01-01',
  to: '2026-01-31',
};
const FROM_INSIGHTS = sessionsPath(insightFilter);

// The list keeps its params in react-admin's store: a localStorage one, as in the portal.
beforeEach(() => localStorage.clear());

describe("SessionList: the filters in its address (react-admin's sync)", () => {
  it('opens a link from Insights filtered: one read with those filters, from page 1, and their chips', async () => {
    // what the list kept from last time gives way to the link's filters
    const store = localStorageStore();
    store.setItem(SESSION_LIST_STORE_KEY, {
      page: 3,
      perPage: 15,
      sort: 'id',
      order: 'DESC',
      filter: { status: 'failed' },
      displayedFilters: {},
    });
    const { getList } = renderAt(FROM_INSIGHTS, { store });
    await screen.findByText('Call 0');
    expect(getList).toHaveBeenCalledTimes(1);
    expect(getList).toHaveBeenCalledWith(
      'sessions',
      expect.objectContaining({ pagination: { page: 1, perPage: 15 }, filter: insightFilter }),
    );
    expect(chipNames()).toEqual([
      'Remove filter Rep: emma@x.test',
      'Remove filter Detected: It is too expensive',
      'Remove filter From Jan 1, 2026 to Jan 31, 2026',
      'Clear all',
    ]);
    expect(within(chipsGroup()).getByText('Detected: It is too expensive')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Completed');
    expect(addressObject()).toEqual(insightFilter);
    // the detail's walk reads the same filters
    expect(store.getItem(SESSION_LIST_STORE_KEY)).toMatchObject({ page: 1, filter: insightFilter });
  });

  it('names each kind of filter, a key without a label by what it holds, either end of a range alone', async () => {
    const group = '5b2f7c1e-8a4d-4c3b-9e21-0f6d7a8b9c10';
    renderAt(sessionsPath({ landmine: 't:guaranteed returns', inquiry: group, label: 'Do you offer training?', from: '2026-02-03' }));
    await screen.findByText('Call 0');
    // the label names the first of item, landmine and inquiry present: here the landmine
    expect(chipNames()).toEqual([
      'Remove filter Landmine: Do you offer training?',
      `Remove filter New inquiry: ${group}`,
      'Remove filter From Feb 3, 2026',
      'Clear all',
    ]);
  });

  it('shows "Until" for a range with its end alone, and the question of a q: key', async () => {
    renderAt(sessionsPath({ item: 'q:faq:do you integrate?', to: '2026-03-31' }));
    await screen.findByText('Call 0');
    expect(chipNames()).toEqual(['Remove filter Detected: do you integrate?', 'Remove filter Until Mar 31, 2026', 'Clear all']);
  });

  it('opens a damaged link (its filters not JSON) as the list was kept', async () => {
    const store = localStorageStore();
    store.setItem(SESSION_LIST_STORE_KEY, {
      page: 1,
      perPage: 15,
      sort: 'id',
      order: 'DESC',
      filter: { rep: 'ann@x.test' },
      displayedFilters: {},
    });
    const { getList } = renderAt('/sessions?filter=%7Brep%3A', { store });
    await screen.findByText('Call 0');
    expect(lastParams(getList)?.filter).toEqual({ rep: 'ann@x.test' });
    expect(screen.getByRole('button', { name: 'Remove filter Rep: ann@x.test' })).toBeInTheDocument();
  });

  it('removes a chip by keyboard: the filter (and its label) leaves the request and the address, the focus goes to the next chip', async () => {
    const user = userEvent.setup();
    const { getList } = renderAt(FROM_INSIGHTS);
    await screen.findByText('Call 0');
    const item = screen.getByRole('button', { name: 'Remove filter Detected: It is too expensive' });
    item.focus();
    await user.keyboard('{Delete}');
    const { item: _item, label: _label, ...rest } = insightFilter;
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual(rest));
    expect(lastParams(getList)?.pagination).toEqual({ page: 1, perPage: 15 });
    expect(addressObject()).toEqual(rest);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove filter From Jan 1, 2026 to Jan 31, 2026' })).toHaveFocus());

    // Enter on the focused chip removes it too; the rep's chip is reached with Shift+Tab
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByRole('button', { name: 'Remove filter Rep: emma@x.test' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(addressObject()).toEqual({ status: 'completed', from: '2026-01-01', to: '2026-01-31' }));
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ status: 'completed', from: '2026-01-01', to: '2026-01-31' }));
  });

  it('removes a chip by its delete icon, clears all at once, and the focus goes to the search box', async () => {
    const user = userEvent.setup();
    const { getList } = renderAt(FROM_INSIGHTS);
    await screen.findByText('Call 0');
    const dates = screen.getByRole('button', { name: 'Remove filter From Jan 1, 2026 to Jan 31, 2026' });
    await user.click(within(dates).getByTestId('CancelIcon'));
    await waitFor(() => expect('from' in addressObject()).toBe(false));
    expect('to' in addressObject()).toBe(false);
    await waitFor(() => expect(lastParams(getList)?.filter).not.toHaveProperty('from'));

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ status: 'completed' }));
    expect(addressObject()).toEqual({ status: 'completed' });
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus());
  });

  it('goes Back and Forward through the filters, each change a step of its own', async () => {
    const user = userEvent.setup();
    const { getList } = renderAt(FROM_INSIGHTS);
    await screen.findByText('Call 0');
    await user.click(screen.getByRole('button', { name: 'Remove filter Rep: emma@x.test' }));
    await waitFor(() => expect('rep' in addressObject()).toBe(false));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(addressObject().status).toBe('failed'));

    act(() => history.back());
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ ...insightFilter, rep: undefined, status: 'completed' }));
    act(() => history.back());
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual(insightFilter));
    expect(screen.getByRole('button', { name: 'Remove filter Rep: emma@x.test' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Completed');
    act(() => history.forward());
    await waitFor(() => expect('rep' in addressObject()).toBe(false));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove filter Rep: emma@x.test' })).not.toBeInTheDocument());
  });

  it('puts the filters it kept into the address when opened without any, without a step of its own', async () => {
    const store = localStorageStore();
    store.setItem(SESSION_LIST_STORE_KEY, {
      page: 2,
      perPage: 15,
      sort: 'id',
      order: 'DESC',
      filter: { status: 'failed', landmine: 't:guaranteed returns', label: 'Guaranteed returns' },
      displayedFilters: {},
    });
    const { getList } = renderAt('/sessions', { store });
    await screen.findByText('Call 0');
    expect(getList).toHaveBeenCalledWith(
      'sessions',
      expect.objectContaining({
        pagination: { page: 2, perPage: 15 },
        filter: { status: 'failed', landmine: 't:guaranteed returns', label: 'Guaranteed returns' },
      }),
    );
    await waitFor(() =>
      expect(addressObject()).toEqual({ status: 'failed', landmine: 't:guaranteed returns', label: 'Guaranteed returns' }),
    );
    expect(screen.getByRole('button', { name: 'Remove filter Landmine: Guaranteed returns' })).toBeInTheDocument();
    // the address was written over the one opened, not added after it
    act(() => history.back());
    expect(addressObject()).toEqual({ status: 'failed', landmine: 't:guaranteed returns', label: 'Guaranteed returns' });
  });

  it('writes a search into the address once it settles, a step of its own', async () => {
    const user = userEvent.setup();
    const { getList } = renderAt(sessionsPath({ rep: 'ann@x.test' }));
    await screen.findByText('Call 0');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(addressObject().status).toBe('failed'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'acme');
    await waitFor(() => expect(addressObject()).toEqual({ rep: 'ann@x.test', status: 'failed', search: 'acme' }));
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ rep: 'ann@x.test', status: 'failed', search: 'acme' }));
    // one step for the settled search, not one per letter typed
    act(() => history.back());
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ rep: 'ann@x.test', status: 'failed' }));
    expect(addressObject()).toEqual({ rep: 'ann@x.test', status: 'failed' });
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(''));
  });

  it("asks first for what the page's first read asked (index.ts), the address's filters included", async () => {
    const store = localStorageStore();
    store.setItem(SESSION_LIST_STORE_KEY, {
      page: 3,
      perPage: 15,
      sort: 'id',
      order: 'DESC',
      filter: { status: 'failed' },
      displayedFilters: {},
    });
    window.history.replaceState(null, '', FROM_INSIGHTS);
    try {
      const firstRead = sessions.firstRead?.('');
      expect(firstRead).toEqual({
        method: 'getList',
        params: { pagination: { page: 1, perPage: 15 }, sort: { field: 'id', order: 'DESC' }, filter: insightFilter },
      });
      const { getList } = renderAt(FROM_INSIGHTS, { store });
      await screen.findByText('Call 0');
      expect(getList.mock.calls[0]).toEqual(['sessions', expect.objectContaining(firstRead?.params)]);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('saves the filters in a saved query and restores them, label and all', async () => {
    const user = userEvent.setup();
    const { getList } = renderAt(FROM_INSIGHTS);
    await screen.findByText('Call 0');
    await user.click(screen.getByRole('button', { name: 'Saved queries' }));
    const popover = await screen.findByRole('group', { name: 'Saved queries' });
    await user.click(within(popover).getByRole('button', { name: 'Save current query' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the current filters and search' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), "Emma's price objections");
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'All Status' }));
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({}));
    expect(addressObject()).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Saved queries' }));
    await user.click(
      within(await screen.findByRole('group', { name: 'Saved queries' })).getByRole('button', { name: "Apply Emma's price objections" }),
    );
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual(insightFilter));
    expect(addressObject()).toEqual(insightFilter);
    expect(screen.getByRole('button', { name: 'Remove filter Detected: It is too expensive' })).toBeInTheDocument();
  });

  it('offers no saved query it cannot apply: an unknown filter, a malformed day, a label without its filter', async () => {
    const user = userEvent.setup();
    const saved = (label: string, filter: object) => ({
      label,
      value: { filter, displayedFilters: [], sort: { field: 'id', order: 'DESC' }, perPage: 15 },
    });
    localStorage.setItem(
      `RaStore.listPreferences.${admin.uid}.sessions.savedQueries`,
      JSON.stringify([
        saved('Good', { rep: 'ann@x.test', from: '2026-01-01' }),
        saved('Unknown', { team: 'north' }),
        saved('Bad day', { from: '2026-02-30' }),
        saved('Stray label', { label: 'Nothing named' }),
      ]),
    );
    renderAt('/sessions');
    await screen.findByText('Call 0');
    await user.click(screen.getByRole('button', { name: 'Saved queries' }));
    const popover = await screen.findByRole('group', { name: 'Saved queries' });
    expect(
      within(popover)
        .getAllByRole('button', { name: /^Apply / })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Apply Good']);
  });
});

describe('the sessions walk and the dataProvider', () => {
  it("walks the list with the address's filters, as the list asked for them", async () => {
    const store = localStorageStore();
    const { getList, view } = renderAt(FROM_INSIGHTS, { store });
    await screen.findByText('Call 0');
    view.unmount();
    const walkList = vi.fn(async () => ({ data: rows.map((session) => ({ ...session, id: session.sessionId })), total: 3 }));
    const getOne = vi.fn(async (_resource: string, { id }: { id: string }) => ({
      data: buildDetail({ sessionId: id, sessionName: `Call ${id}` }),
    }));
    renderDetail('/sessions/s-1', getOne as never, { getList: walkList } as never, { store });
    expect(await screen.findByText('2 of 3')).toBeInTheDocument();
    const asked = getList.mock.calls[0][1];
    expect(walkList).toHaveBeenCalledWith(
      'sessions',
      expect.objectContaining({ pagination: asked.pagination, sort: asked.sort, filter: asked.filter }),
    );
    expect(asked.filter).toEqual(insightFilter);
  });

  it('sends the filters as query parameters, never the label', async () => {
    const request = vi.fn(async () => ({ success: true, data: [], pagination: { page: 1, limit: 15, total: 0, pages: 0 } }));
    const http = { request, fetchJson: vi.fn(), apiUrl: '/api' } as unknown as HttpClient;
    const dataProvider = createDataProvider(http, [sessions]);
    await dataProvider.getList('sessions', {
      pagination: { page: 1, perPage: 15 },
      sort: { field: 'id', order: 'DESC' },
      filter: insightFilter,
    });
    const { label: _label, ...sent } = insightFilter;
    expect(request).toHaveBeenCalledWith('/admin/sessions', { query: { page: 1, limit: 15, ...sent } });
  });
});
