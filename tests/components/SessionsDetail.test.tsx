import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { HttpError, type GetListParams, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '@/App';
import { PortalAuthContext } from '@/authProvider';
import { SessionDetailPage } from '@/resources/sessions/detail/SessionDetailPage';
import { SESSION_LIST_STORE_KEY } from '@/resources/sessions/sessionNavigation';
import { SessionList } from '@/resources/sessions/SessionList';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildAuthProvider, buildDataProvider, renderInAdmin } from '../support/render';
import { at, buildDetail, buildSession, fakeLayout, renderDetail } from '../support/sessions';

const PATH = '/sessions/session-2025-03-05-abcdefghijkl';
const found = (detail = buildDetail()) => vi.fn(async () => ({ data: detail }));
const timeline = () => screen.findByRole('list', { name: 'Session timeline' });
const rows = async () => within(await timeline()).getAllByRole('listitem');
const openTab = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(await screen.findByRole('tab', { name }));
  // The chart tabs are their own chunk: the first import in jsdom takes a while.
  await waitFor(() => expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true'), { timeout: 10_000 });
};

/** The list's params as its controller keeps them in react-admin's store: page 1 of 15, `filter`. */
const listParams = (filter: Record<string, string> = {}, page = 1) => ({
  page,
  perPage: 15,
  sort: 'id',
  order: 'DESC',
  filter,
  displayedFilters: {},
});
const storeWith = (params: ReturnType<typeof listParams>) => memoryStore({ [SESSION_LIST_STORE_KEY]: params });
/** A getList answering `ids` for page 1 (and `secondPage` for page 2), `total` in all. */
const listOf = (firstPage: string[], total: number, secondPage: string[] = []) =>
  vi.fn(async (resource: string, { pagination }: GetListParams) => {
    // The detail also reads the call's own labels: none here.
    if (resource !== 'sessions') return { data: [], total: 0 };
    const ids = pagination?.page === 2 ? secondPage : firstPage;
    return { data: ids.map((id) => ({ ...buildSession({ sessionId: id, sessionName: `Acme ${id}` }), id })), total };
  });
/** The sessions list's reads among a getList's calls. */
const sessionReads = (getList: { mock: { calls: unknown[][] } }) => getList.mock.calls.filter(([resource]) => resource === 'sessions');
const eachSession = () =>
  vi.fn(async (_resource: string, { id }: { id: string }) => ({ data: buildDetail({ sessionId: id, sessionName: `Call ${id}` }) }));

beforeAll(fakeLayout);

describe('SessionDetailPage: header and errors', () => {
  it('shows the name, user email, duration, date and room, a back link and the call summary', async () => {
    renderDetail(PATH, found());
    expect(await screen.findByRole('heading', { name: 'Discovery call with Acme' })).toBeInTheDocument();
    expect(screen.getByText('sam@example.test')).toBeInTheDocument();
    expect(screen.getByText('12m 34s')).toBeInTheDocument();
    expect(screen.getByText(format(new Date(at(0)), 'MMM dd, yyyy HH:mm'))).toBeInTheDocument();
    expect(screen.getByText('Room Alpha')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sessions' })).toHaveAttribute('href', '/sessions');
    const summary = screen.getByRole('region', { name: 'Call summary' });
    expect(within(summary).getByRole('region', { name: 'Talk ratio' })).toHaveTextContent('Salesperson 59% · Customer 41%');
    expect(within(summary).getByRole('region', { name: 'Objections' })).toHaveTextContent('3');
    expect(within(summary).getByRole('region', { name: 'Customer sentiment' })).toHaveTextContent('Improving');
  });

  it("says 'Session not found' for a missing session, with a button back to the list", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const getOne = vi.fn(async () =>
      Promise.reject(new HttpError('Session not found', 404, { error: 'NOT_FOUND', message: 'Session not found' })),
    );
    renderDetail('/sessions/nope', getOne);
    expect(await screen.findByRole('alert')).toHaveTextContent('Session not found');
    await user.click(screen.getByRole('link', { name: 'Back to Sessions' }));
    expect(await screen.findByText('The sessions list')).toBeInTheDocument();
    expect(getOne).toHaveBeenCalledWith('sessions', expect.objectContaining({ id: 'nope' }));
  });

  it("shows the server's message, else 'Failed to load session details'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDetail(
      PATH,
      vi.fn(async () => Promise.reject(new Error(''))),
    );
    expect(await screen.findByText('Failed to load session details')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sessions' })).toBeInTheDocument();
  });

  it("shows 'Failed to load session details' for a non-JSON 500 or a network error, never the status line", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDetail(
      PATH,
      vi.fn(async () =>
        Promise.reject(
          new HttpError('HTTP 500: Internal Server Error', 500, { error: 'API_ERROR', message: 'HTTP 500: Internal Server Error' }),
        ),
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load session details');
    expect(screen.queryByText(/HTTP 500/)).not.toBeInTheDocument();
  });
});

describe('SessionDetailPage: tabs', () => {
  it('opens on the Timeline and switches to every tab', async () => {
    const user = userEvent.setup();
    renderDetail(PATH, found());
    expect(await screen.findByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');

    await openTab(user, 'Sentiment Analysis');
    expect(await screen.findByRole('region', { name: 'Dominant emotion' })).toHaveTextContent('Neutral');
    expect(screen.getByRole('region', { name: 'Confidence' })).toHaveTextContent('82.3%');
    expect(screen.getByRole('region', { name: 'Average confidence' })).toHaveTextContent('77.1%');
    expect(screen.getByRole('figure', { name: 'Emotion distribution' })).toHaveTextContent(
      'Emotion distribution: Neutral 2, Angry 1, Happy 1',
    );
    const entries = screen.getByRole('list', { name: 'Entries' });
    expect(within(entries).getByText('91%')).toBeInTheDocument();

    await openTab(user, 'Speech Rate');
    expect(await screen.findByRole('region', { name: 'Total alerts' })).toHaveTextContent('1');
    expect(screen.getByRole('region', { name: 'Average words per minute' })).toHaveTextContent('144');
    expect(screen.getByRole('region', { name: 'Limit (words per minute)' })).toHaveTextContent('150');
    expect(screen.getByRole('figure', { name: 'Words per minute over the call' })).toBeInTheDocument();

    await openTab(user, 'Statistics');
    expect(await screen.findByRole('region', { name: 'Response rate' })).toHaveTextContent('88%');
    expect(screen.getByRole('region', { name: 'Transcripts' })).toHaveTextContent('Salesperson 22 · Customer 20');
    expect(screen.getByRole('figure', { name: 'Talk ratio (share of words)' })).toHaveTextContent(
      'Share of words: Salesperson 59%, Customer 41%',
    );
    const detections = screen.getByRole('table', { name: 'Detections by category' });
    expect(within(detections).getAllByRole('row')).toHaveLength(4);

    await openTab(user, 'Timeline');
    expect(await timeline()).toBeInTheDocument();
  });

  it('opens the tab named in the URL', async () => {
    renderDetail(`${PATH}?tab=statistics`, found());
    expect(await screen.findByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Longest monologue' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('SessionDetailPage: the timeline', () => {
  it('merges transcripts, detections and alerts by time, with speakers, relevance and answer lines', async () => {
    renderDetail(PATH, found());
    const items = await rows();
    expect(items.map((item) => item.querySelector('.MuiTypography-subtitle2')?.textContent)).toEqual([
      'Salesperson',
      'Customer',
      'Objection',
      'Salesperson',
      'Speech rate alert',
      'FAQ',
      'Customer',
      'New inquiry',
    ]);
    expect(within(items[2]).getByText('Relevance 87%')).toBeInTheDocument();
    expect(within(items[2]).getByText('Pricing objection')).toBeInTheDocument();
    expect(within(items[2]).getByText('• Show the payback')).toBeInTheDocument();
    expect(within(items[2]).getByText('• Offer a pilot')).toBeInTheDocument();
    expect(
      within(items[4]).getByText('212 words per minute, over the limit of 150 words per minute (106 words in 30 seconds)'),
    ).toBeInTheDocument();
    expect(within(items[1]).getByText('0:20')).toBeInTheDocument();
  });

  it('filters by kind and by speaker', async () => {
    const user = userEvent.setup();
    renderDetail(PATH, found());
    await timeline();
    await user.click(screen.getByRole('button', { name: 'Transcripts' }));
    await waitFor(async () => expect(await rows()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Transcripts' }));
    await user.click(screen.getByRole('combobox', { name: 'Speaker' }));
    await user.click(screen.getByRole('option', { name: 'Customer' }));
    await waitFor(async () => expect(await rows()).toHaveLength(6));
    expect(screen.queryByText(/What matters most/)).not.toBeInTheDocument();
  });

  it('highlights search matches, counts them and steps through them', async () => {
    const user = userEvent.setup();
    renderDetail(PATH, found());
    await timeline();
    await user.type(screen.getByRole('searchbox', { name: 'Search transcript' }), 'PRICE');
    expect(await screen.findByText('1 of 3 matches')).toBeInTheDocument();
    const marks = (await timeline()).querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['price', 'price', 'price']);
    expect(marks[0]).toHaveAttribute('data-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(screen.getByText('2 of 3 matches')).toBeInTheDocument();
    expect((await timeline()).querySelectorAll('mark')[1]).toHaveAttribute('data-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(screen.getByText('3 of 3 matches')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search transcript' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search transcript' }), 'zebra');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
  });

  it('renders only the visible rows of a 5 000-transcript session', async () => {
    const transcripts = Array.from({ length: 5000 }, (_, i) => ({
      timestamp: new Date(Date.parse(at(0)) + i * 1000).toISOString(),
      speaker: i % 2 ? ('customer' as const) : ('salesperson' as const),
      text: `Sentence number ${i}`,
    }));
    renderDetail(PATH, found(buildDetail({ transcripts })));
    const items = await rows();
    expect(items.length).toBeGreaterThan(3);
    expect(items.length).toBeLessThan(60);
    expect(screen.getByText('Sentence number 0')).toBeInTheDocument();
    expect(screen.queryByText('Sentence number 4999')).not.toBeInTheDocument();
  });
});

describe('SessionDetailPage: click-through and neighbours', () => {
  it('opens the Timeline at an alert clicked on the Speech Rate tab, highlighted', async () => {
    const user = userEvent.setup();
    renderDetail(`${PATH}?tab=speech-rate`, found());
    const alerts = await screen.findByRole('list', { name: 'Alerts' }, { timeout: 10_000 });
    await user.click(within(alerts).getByRole('button', { name: /212 words per minute/ }));
    expect(await screen.findByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(document.querySelector('[data-highlighted]')).toHaveTextContent('Speech rate alert'));
  });

  it('opens the Timeline at a sentiment entry', async () => {
    const user = userEvent.setup();
    renderDetail(`${PATH}?tab=sentiment`, found());
    const entries = await screen.findByRole('list', { name: 'Entries' }, { timeout: 10_000 });
    await user.click(within(entries).getByRole('button', { name: /that helps/ }));
    await waitFor(() => expect(document.querySelector('[data-highlighted]')).toHaveTextContent('OK, that helps.'));
  });

  it('walks the sessions of the list as it was filtered, disabled at the ends', async () => {
    const user = userEvent.setup();
    const target = 'session-2025-03-05-abcdefghijkl';
    // The server sent four; the search shows three of them: the walk stays on what was shown.
    const getList = vi.fn(async (resource: string) =>
      resource === 'sessions'
        ? {
            data: [
              buildSession({ sessionId: 'first', sessionName: 'Acme first' }),
              buildSession({ sessionId: 'other', sessionName: 'Globex' }),
              buildSession({ sessionId: target, sessionName: 'Acme target' }),
              buildSession({ sessionId: 'last', sessionName: 'Acme last' }),
            ],
            total: 40,
          }
        : { data: [], total: 0 },
    );
    renderDetail(PATH, eachSession() as never, { getList } as never, { store: storeWith(listParams({ search: 'acme' })) });
    expect(await screen.findByText('2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Next session' }));
    expect(await screen.findByRole('heading', { name: 'Call last' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sessions/last');
    expect(screen.getByRole('button', { name: 'Next session' })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Previous session' }));
    expect(await screen.findByRole('heading', { name: `Call ${target}` })).toBeInTheDocument();
    // the list's page, asked once, as the list asked it
    expect(sessionReads(getList)).toHaveLength(1);
    expect(getList).toHaveBeenCalledWith(
      'sessions',
      expect.objectContaining({ pagination: { page: 1, perPage: 15 }, filter: { search: 'acme' } }),
    );
  });

  it('goes on to the neighbouring page of the filtered list at either edge, and the list follows', async () => {
    const user = userEvent.setup();
    const target = 'session-2025-03-05-abcdefghijkl';
    const firstPage = [...Array.from({ length: 14 }, (_, i) => `p1-${i + 1}`), target];
    const secondPage = ['p2-1', 'p2-2'];
    const filter = { search: 'acme', status: 'failed' };
    const store = storeWith(listParams(filter));
    const getList = listOf(firstPage, 17, secondPage);
    renderDetail(PATH, eachSession() as never, { getList } as never, { store });
    expect(await screen.findByText('15 of 17')).toBeInTheDocument();

    await user.click(await screen.findByRole('link', { name: 'Next session' }));
    expect(await screen.findByRole('heading', { name: 'Call p2-1' })).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('sessions', expect.objectContaining({ pagination: { page: 2, perPage: 15 }, filter }));
    expect(await screen.findByText('16 of 17')).toBeInTheDocument();
    // Back to Sessions now opens page 2, where this session is.
    expect(store.getItem(SESSION_LIST_STORE_KEY)).toMatchObject({ filter, page: 2 });

    await user.click(screen.getByRole('link', { name: 'Next session' }));
    expect(await screen.findByRole('heading', { name: 'Call p2-2' })).toBeInTheDocument();
    expect(screen.getByText('17 of 17')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next session' })).toBeDisabled();

    await user.click(screen.getByRole('link', { name: 'Previous session' }));
    await user.click(await screen.findByRole('link', { name: 'Previous session' }));
    expect(await screen.findByRole('heading', { name: `Call ${target}` })).toBeInTheDocument();
    expect(screen.getByText('15 of 17')).toBeInTheDocument();
    expect(store.getItem(SESSION_LIST_STORE_KEY)).toMatchObject({ filter, page: 1 });
  });

  it('shows no walk for a session opened from a shared link', async () => {
    // never opened the list here: nothing to walk, nothing asked
    const getList = listOf(['other'], 1);
    renderDetail(PATH, found(), { getList } as never);
    expect(await screen.findByRole('heading', { name: 'Discovery call with Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /session$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next session' })).not.toBeInTheDocument();
    expect(sessionReads(getList)).toHaveLength(0);
  });

  it('shows no walk for a session that is not on the list the admin last saw', async () => {
    const getList = listOf(['other'], 1);
    renderDetail(PATH, found(), { getList } as never, { store: storeWith(listParams()) });
    expect(await screen.findByRole('heading', { name: 'Discovery call with Acme' })).toBeInTheDocument();
    await waitFor(() => expect(sessionReads(getList)).not.toHaveLength(0));
    expect(screen.queryByRole('link', { name: /session$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next session' })).not.toBeInTheDocument();
  });

  it('walks what the list showed: its page, narrowed by the search as typed, and comes back to it', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 15 }, (_, i) => ({
      ...buildSession({ sessionId: `s-${i}`, sessionName: `Call ${i}` }),
      id: `s-${i}`,
    }));
    const getList = vi.fn(async (resource: string, _params: GetListParams) =>
      resource === 'sessions' ? { data: many, total: 100 } : { data: [], total: 0 },
    );
    renderInAdmin(
      <Routes>
        <Route path="/sessions" element={<SessionList />} />
        <Route path="/sessions/:sessionId" element={<SessionDetailPage />} />
      </Routes>,
      { dataProvider: buildDataProvider({ getList, getOne: eachSession() } as never), path: '/sessions' },
    );
    await screen.findByText('Showing 1 to 15 of 100 results');
    const viewDetails = (name: string) =>
      within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('link', { name: 'View Details' });
    await user.click(viewDetails('Call 3'));
    expect(await screen.findByRole('heading', { name: 'Call s-3' })).toBeInTheDocument();
    expect(await screen.findByText('4 of 100')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Sessions' }));
    await screen.findByText('Showing 1 to 15 of 100 results');
    // The server's answer still holds every row: what the search shows of it is what is walked.
    await user.type(screen.getByPlaceholderText('Search sessions...'), 'Call 1');
    await waitFor(() => expect(sessionReads(getList).at(-1)?.[1]).toMatchObject({ filter: { search: 'Call 1' } }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    await user.click(viewDetails('Call 10'));
    expect(await screen.findByText('2 of 6')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Sessions' }));
    expect(await screen.findByPlaceholderText('Search sessions...')).toHaveValue('Call 1');
  });
});

describe('App routes for sessions', () => {
  it('serves the list at /sessions and the detail at /sessions/{sessionId}', async () => {
    const admin = buildAccount({ email: 'admin@salescoach.test' });
    const getOne = vi.fn(async () => ({ data: buildDetail() }));
    render(
      <PortalAuthContext value={buildFakeAuth({ users: [admin], signedInAs: admin.email })}>
        <MemoryRouter initialEntries={[PATH]}>
          <App authProvider={buildAuthProvider()} dataProvider={buildDataProvider({ getOne } as never)} />
        </MemoryRouter>
      </PortalAuthContext>,
    );
    expect(await screen.findByRole('heading', { name: 'Discovery call with Acme' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(getOne).toHaveBeenCalledWith('sessions', expect.objectContaining({ id: 'session-2025-03-05-abcdefghijkl' }));
    expect(screen.getAllByText('Conversation Sessions').length).toBeGreaterThan(0);
  });
});
