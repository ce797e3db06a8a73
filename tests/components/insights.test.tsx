import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { type I18nProvider, localStorageStore, memoryStore, type Store } from 'react-admin';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InsightsPage } from '@/customPages/insights/InsightsPage';
import type { InsightSection } from '@/dataProvider/insightsApi';
import { fr } from '@/i18n/fr';
import { PortalMenu } from '@/layout/PortalMenu';
import { sessionsPath } from '@/resources/sessions/sessionFilters';
import { buildDictionaryProvider } from '../support/dictionaryFakes';
import { emptyAnswers, insightAnswers, insightsServer, PERIOD, type SectionReply } from '../support/insightsFakes';
import { buildMatchResult } from '../support/matchingFakes';
import { renderInAdmin } from '../support/render';

/** The Sessions list's address with the filters a flat query names, in react-admin's own form. */
const sessionsAt = (query: string) => sessionsPath(Object.fromEntries(new URLSearchParams(query)));

/** Where the router is, query included, and a Back button as the browser has. */
const Address = () => {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
    </>
  );
};
const address = () => screen.getByTestId('address').textContent ?? '';

type Reply = (section: InsightSection, query: URLSearchParams) => SectionReply | undefined;

const renderInsights = ({
  path = '/insights',
  reply,
  i18nProvider,
  store = memoryStore(),
}: {
  path?: string;
  reply?: Reply;
  i18nProvider?: I18nProvider;
  store?: Store;
} = {}) => {
  const server = insightsServer(reply);
  const dictionary = buildDictionaryProvider();
  const dataProvider = {
    ...dictionary,
    getInsights: server.getInsights,
    markInquiryAdded: vi.fn(server.markInquiryAdded),
    matchPhrase: vi.fn(async () => buildMatchResult([])),
  };
  const view = renderInAdmin(
    <>
      <Routes>
        <Route path="/insights" element={<InsightsPage />} />
        <Route path="/sessions" element={<p>The sessions list</p>} />
      </Routes>
      <Address />
    </>,
    { dataProvider: dataProvider as never, path, store, ...(i18nProvider ? { i18nProvider } : {}) },
  );
  return { ...server, dataProvider, unmount: view.unmount };
};

const FIND = { timeout: 10_000 };
const section = (name: string) => screen.getByRole('region', { name });
const loadedSection = async (name: string, text: string) => {
  await within(await screen.findByRole('region', { name }, FIND)).findAllByText(text, {}, FIND);
  return section(name);
};
const rowOf = (table: HTMLElement, header: string) =>
  within(table)
    .getByRole('rowheader', { name: new RegExp(header) })
    .closest('tr')!;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeEach(() => {
  // react-query logs the failed reads these tests provoke
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('Insights', { timeout: 30_000 }, () => {
  it('has its menu entry', async () => {
    renderInAdmin(<PortalMenu />, { path: '/insights' });
    const link = screen.getByRole('link', { name: 'Insights' });
    expect(link).toHaveAttribute('href', '/insights');
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('has its menu entry in French', async () => {
    renderInAdmin(<PortalMenu />, { path: '/dashboard', i18nProvider: polyglotI18nProvider(() => fr, 'fr') });
    expect(await screen.findByRole('link', { name: 'Analyses' })).toHaveAttribute('href', '/insights');
  });

  it('shows the six sections in order, each from its own request with the token, the default period being 30 days', async () => {
    const server = renderInsights();
    await loadedSection('Competitors', 'Gong');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'This period at a glance',
      'Objections and FAQs',
      'What the assistant did not know',
      'Answers that help',
      'Reps',
      'Landmines',
      'Competitors',
    ]);
    for (const name of ['items', 'inquiries', 'answers', 'reps', 'landmines', 'competitors'] as const)
      expect(server.queries(name)).toEqual(['period=30d']);
    expect(server.queries('filters')).toEqual(['']);
    expect(server.requests.every((request) => request.authorization === 'Bearer t')).toBe(true);
    expect(screen.getByTestId('insights-period')).toHaveTextContent(
      '400 calls from Mar 02, 2026 to Mar 31, 2026, compared with 300 calls from Jan 31, 2026 to Mar 01, 2026.',
    );
  });

  it('opens on a headline: calls against the previous period, real risers, reps to watch, unknown questions, landmines', async () => {
    renderInsights();
    const headline = await screen.findByRole('region', { name: 'This period at a glance' });
    expect(within(headline).getByTestId('insights-headline-calls')).toHaveTextContent(
      '400 calls this period, against 300 in the previous one.',
    );
    const risers = within(headline).getByRole('group', { name: 'Rising beyond chance' });
    expect(within(risers).getByRole('listitem')).toHaveTextContent('It is too expensive +75.2 per 100 calls');
    expect(within(risers).getByRole('link', { name: 'It is too expensive' })).toHaveAttribute(
      'href',
      '/sessions?filter=%7B%22item%22%3A%22obj-price%22%2C%22label%22%3A%22It+is+too+expensive%22%2C%22from%22%3A%222026-03-02%22%2C%22to%22%3A%222026-03-31%22%2C%22finished%22%3A%22true%22%7D',
    );
    const reps = await within(headline).findByRole('group', { name: 'Reps to watch' });
    expect(await within(reps).findByRole('listitem')).toHaveTextContent(
      'Pat MorganSpeech-rate alerts per hour: Far above the team (over 2.4)',
    );
    expect(within(reps).getByRole('link', { name: 'Reps to watch' })).toHaveAttribute('href', '#insights-reps');
    // a rep to watch opens their page, for the same period
    expect(within(reps).getByRole('link', { name: 'Pat Morgan' }).getAttribute('href')).toMatch(/^\/insights\/reps\/pat%40example\.test\?/);
    const unknown = within(headline).getByRole('group', { name: 'Largest unknown questions' });
    expect(await within(unknown).findAllByRole('listitem')).toHaveLength(2);
    expect(within(unknown).getAllByRole('listitem')[0]).toHaveTextContent('Do you offer training? in 9 calls');
    expect(await within(headline).findByText('8 landmines triggered')).toBeInTheDocument();
  });

  it('draws the top items’ weekly rate per 100 calls beside the headline, the risers marked, with the same figures in a table', async () => {
    renderInsights();
    const headline = await screen.findByRole('region', { name: 'This period at a glance' });
    const figure = await within(headline).findByRole('figure', { name: 'Top objections and FAQs per 100 calls, week by week' }, FIND);
    const table = within(figure).getByRole('table', { name: 'Top objections and FAQs per 100 calls, week by week' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week of', 'It is too expensive (rising)', 'Do you integrate with our CRM?', 'We use a competitor']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Mar 02', '250.0', '12.5', '3.8'],
      ['Mar 09', '277.8', '8.9', '3.3'],
      ['Mar 16', '352.9', '10.6', '2.4'],
      ['Mar 23', '298.9', '7.4', '2.1'],
      ['Mar 30', '400.0', '12.0', '4.0'],
    ]);
    expect(within(figure).getByText(/thick, solid, “rising” in the legend.*3 lines\./)).toBeInTheDocument();
  });

  it('shows objections and FAQs with their change, trend, deleted items and the biggest risers', async () => {
    renderInsights();
    const items = await loadedSection('Objections and FAQs', 'It is too expensive');
    const table = within(items).getByRole('table', { name: 'Objections and FAQs, most detected first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Item', 'Detections', 'Per 100 calls', 'Calls', 'Change per 100 calls', 'Weekly rate']);
    // Rates per 100 of the period's 400 calls (300 before); an arrow only where the test says the change is real.
    expect(cellsOf(rowOf(table, 'It is too expensive'))).toEqual(['1,234', '308.5', '87', 'Rising+75.2 (was 233.3)', '']);
    expect(cellsOf(rowOf(table, 'Do you integrate'))).toEqual(['40', '10.0', '31', 'Falling\u22127.3 (was 17.3)', '']);
    expect(cellsOf(rowOf(table, 'We use a competitor'))).toEqual(['12', '3.0', '12', '\u22121.0 (was 4.0)', '']);
    expect(rowOf(table, 'We use a competitor')).toHaveTextContent('We use a competitor (deleted)Objection · Competitor objection');
    expect(rowOf(table, 'It is too expensive')).toHaveTextContent('Objection · Pricing objection');
    expect(within(rowOf(table, 'It is too expensive')).getByRole('img', { name: /per week/ })).toHaveAccessibleName(
      'Per 100 calls per week: Mar 02: 250, Mar 09: 277.78, Mar 16: 352.94, Mar 23: 298.95, Mar 30: 400',
    );
    const risers = within(items).getByRole('region', { name: 'Biggest risers' });
    expect(
      within(risers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['It is too expensive +75.2 per 100 calls (from 233.3 to 308.5)']);
  });

  it('links each figure to the Sessions list filtered to its calls, with the rep and status the page filters by', async () => {
    const user = userEvent.setup();
    renderInsights({ path: '/insights?period=7d&rep=pat%40example.test&status=completed' });
    const items = await loadedSection('Objections and FAQs', 'It is too expensive');
    const detections = within(items).getByRole('link', { name: '1,234 detections of “It is too expensive”' });
    expect(detections).toHaveAttribute(
      'href',
      sessionsAt('item=obj-price&label=It+is+too+expensive&from=2026-03-02&to=2026-03-31&rep=pat%40example.test&status=completed'),
    );
    expect(within(items).getByRole('link', { name: '87 calls with “It is too expensive”' })).toHaveAttribute(
      'href',
      detections.getAttribute('href'),
    );

    const inquiries = await loadedSection('What the assistant did not know', 'Do you offer training?');
    expect(within(inquiries).getByRole('link', { name: '9 calls with “Do you offer training?”' })).toHaveAttribute(
      'href',
      sessionsAt(
        'inquiry=0b7f5a52-6a3e-4d0e-9a53-2f3f0b4c9e11&label=Do+you+offer+training%3F&from=2026-03-02&to=2026-03-31&rep=pat%40example.test&status=completed',
      ),
    );
    const reps = await loadedSection('Reps', '42');
    expect(within(reps).getByRole('link', { name: '42 calls by pat@example.test' })).toHaveAttribute(
      'href',
      sessionsAt('rep=pat%40example.test&from=2026-03-02&to=2026-03-31&status=completed'),
    );
    const landmines = await loadedSection('Landmines', 'We guarantee results');
    expect(within(landmines).getByRole('link', { name: '1 hit of “Free forever”' })).toHaveAttribute(
      'href',
      sessionsAt('landmine=t%3Afree+forever&label=Free+forever&from=2026-03-02&to=2026-03-31&rep=pat%40example.test&status=completed'),
    );

    await user.click(detections);
    expect(await screen.findByText('The sessions list')).toBeInTheDocument();
    expect(address()).toBe(
      sessionsAt('item=obj-price&label=It+is+too+expensive&from=2026-03-02&to=2026-03-31&rep=pat%40example.test&status=completed'),
    );
  });

  it('counts competitor mentions per 100 calls per battlecard, each count linking to the calls that named it', async () => {
    renderInsights({ path: '/insights?period=30d&rep=pat%40example.test' });
    const competitors = await loadedSection('Competitors', 'Gong');
    const row = rowOf(within(competitors).getByRole('table', { name: 'Competitors, most named first' }), 'Gong');
    expect(within(row).getByText('4.5')).toBeInTheDocument();
    const calls = sessionsAt(
      'competitorId=3f2b1c9e-8d4a-4c1b-9e2f-0a1b2c3d4e5f&label=Gong&from=2026-03-02&to=2026-03-31&rep=pat%40example.test&finished=true',
    );
    expect(within(row).getByRole('link', { name: '18 mentions of “Gong”' })).toHaveAttribute('href', calls);
    expect(within(row).getByRole('link', { name: '12 calls with “Gong”' })).toHaveAttribute('href', calls);
  });

  it('sends each filter with every request and keeps it in the URL, and Back returns to the view before', async () => {
    const user = userEvent.setup();
    const server = renderInsights();
    await loadedSection('Reps', '42');
    expect(address()).toBe('/insights');

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
      'Custom range',
    ]);
    await user.click(screen.getByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(address()).toBe('/insights?period=7d'));
    await waitFor(() => expect(server.queries('landmines').at(-1)).toBe('period=7d'));

    await user.click(screen.getByRole('combobox', { name: 'Rep' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All reps', 'pat@example.test', 'sam@example.test']);
    await user.click(screen.getByRole('option', { name: 'sam@example.test' }));
    await waitFor(() => expect(address()).toBe('/insights?period=7d&rep=sam%40example.test'));

    await user.click(screen.getByRole('combobox', { name: 'Call status' }));
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(address()).toBe('/insights?period=7d&rep=sam%40example.test&status=failed'));
    for (const name of ['items', 'inquiries', 'answers', 'reps', 'landmines'] as const) {
      await waitFor(() => expect(server.queries(name).at(-1)).toBe('period=7d&rep=sam%40example.test&status=failed'));
    }

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(address()).toBe('/insights?period=7d&rep=sam%40example.test'));
    expect(screen.getByRole('combobox', { name: 'Call status' })).toHaveTextContent('All');
    expect(screen.getByRole('combobox', { name: 'Rep' })).toHaveTextContent('sam@example.test');
  });

  it('asks for a custom range once both days make one, and says what is wrong before', async () => {
    const user = userEvent.setup();
    const server = renderInsights({ path: '/insights?period=90d' });
    await loadedSection('Reps', '42');
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(screen.getByRole('option', { name: 'Custom range' }));
    // the range starts as the period it replaces: 90 days ending today (UTC)
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    await waitFor(() => expect(address()).toBe(`/insights?from=${start}&to=${today}`));
    expect(screen.getByLabelText('From')).toHaveValue(start);

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-03-10');
    await user.clear(to);
    await user.type(to, '2026-03-01');
    expect(await screen.findByText('The first day must not be after the last.')).toBeInTheDocument();
    await user.clear(to);
    await user.type(to, '2026-03-20');
    await waitFor(() => expect(address()).toBe('/insights?from=2026-03-10&to=2026-03-20'));
    await waitFor(() => expect(server.queries('items').at(-1)).toBe('from=2026-03-10&to=2026-03-20'));
    expect(server.queries('items')).not.toContain('from=2026-03-10&to=2026-03-01');
  });

  it('reads a shared link with a range', async () => {
    const server = renderInsights({ path: '/insights?from=2026-01-01&to=2026-01-31&status=completed' });
    await loadedSection('Reps', '42');
    expect(server.queries('reps')).toEqual(['from=2026-01-01&to=2026-01-31&status=completed']);
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Custom range');
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-01-31');
  });

  it('groups what the assistant did not know, with examples, a pending hint and the dictionary actions', async () => {
    const user = userEvent.setup();
    const { dataProvider } = renderInsights();
    const inquiries = await loadedSection('What the assistant did not know', 'Do you offer training?');
    const table = within(inquiries).getByRole('table');
    const training = rowOf(table, 'Do you offer training?');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Inquiry', 'Times asked', 'Per 100 calls', 'Calls', 'Also asked as', 'Add to the dictionary']);
    expect(cellsOf(training).slice(0, 4)).toEqual([
      '14',
      '3.5',
      '9',
      '“Is there onboarding for new staff?”, “Can you train our team?”5 phrasings',
    ]);
    expect(rowOf(table, 'Does it run on Linux')).toHaveTextContent('Pending grouping: not compared with similar phrasings yet.');
    expect(training).not.toHaveTextContent('Pending grouping');

    await user.click(within(training).getByRole('button', { name: 'Add as FAQ' }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByRole('textbox', { name: /Question/ })).toHaveValue('Do you offer training?');
    await user.type(within(form).getByRole('textbox', { name: /Answer/ }), 'Two live sessions.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledTimes(1));
    expect(dataProvider.create).toHaveBeenCalledWith('faqs', {
      data: { question: 'Do you offer training?', answer: 'Two live sessions.', category: 'Original' },
    });
    // Marked on the server, the group leaves the open list for the added ones, the keyboard on its link.
    await waitFor(() =>
      expect(dataProvider.markInquiryAdded).toHaveBeenCalledWith('0b7f5a52-6a3e-4d0e-9a53-2f3f0b4c9e11', {
        as: 'faq',
        question: 'Do you offer training?',
      }),
    );
    const added = await within(inquiries).findByRole('list', { name: 'Added to the dictionary' }, FIND);
    await waitFor(() => expect(within(table).queryByRole('rowheader', { name: /Do you offer training/ })).toBeNull());
    expect(
      within(added)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Do you offer training?Added as FAQOpen in DictionaryAsked 14 times in these calls.',
      'Can it join our Webex calls?Added as a variation of "Which calling platforms do you support?"Open in Dictionary' +
        'Asked 6 times in these calls. Since it was added, 2 of them in new words: counted for the dictionary item, not as new inquiries.',
    ]);
    await waitFor(() => expect(within(added).getAllByRole('link', { name: 'Open in Dictionary' })[0]).toHaveFocus());
    // the other group is not marked
    expect(within(rowOf(table, 'Does it run on Linux')).getByRole('button', { name: 'Add as FAQ' })).toBeInTheDocument();
  });

  it('writes each effect with its interval and cases, and "Too few calls" instead of a bare average', async () => {
    renderInsights();
    const answers = await loadedSection('Answers that help', 'It is too expensive');
    expect(within(answers).getByText(/Each figure is the change in the customer's sentiment/)).toBeInTheDocument();
    expect(within(answers).getByText('All answers: +0.42 (\u22120.10 to +0.90), 21 cases')).toBeInTheDocument();
    const byAnswer = within(answers).getByRole('table', { name: '“It is too expensive” by suggested answer' });
    expect(cellsOf(rowOf(byAnswer, 'Compare it'))).toEqual(['+0.50 (+0.10 to +0.90)', '18']);
    expect(cellsOf(rowOf(byAnswer, 'Offer the annual plan'))).toEqual(['Too few calls (3)', '3']);
    // per-rep rows belong to the rep's page
    expect(within(answers).queryByText('pat@example.test')).toBeNull();
  });

  it('compares answers only where there are two, and folds the objections with too few calls into one line', async () => {
    const user = userEvent.setup();
    renderInsights();
    const answers = await loadedSection('Answers that help', 'It is too expensive');
    expect(
      within(answers)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['It is too expensive', 'Not the right time']);
    expect(within(answers).getAllByRole('table')).toHaveLength(1);
    expect(within(answers).getByText('One suggested answer: “Ask when would be”, nothing to compare it with.')).toBeInTheDocument();
    const more = within(answers).getByRole('button', { name: '2 more objections with too few calls' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(answers).queryByText(/I need to ask my boss/)).toBeNull();
    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['I need to ask my boss (4 cases)', 'Send me an email (deleted) (1 case)']);
    await user.keyboard(' ');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(answers).queryByText(/I need to ask my boss/)).toBeNull();
  });

  it("shows each rep's figures beside the team's median, and a dash for a figure without value", async () => {
    renderInsights();
    const reps = await loadedSection('Reps', '42');
    const table = within(reps).getByRole('table', { name: 'Reps, most calls first' });
    // By name, the address second; each flagged figure says why.
    expect(rowOf(table, 'Pat Morgan')).toHaveTextContent('Pat Morganpat@example.test');
    expect(cellsOf(rowOf(table, 'pat@example.test'))).toEqual([
      '42team 20',
      '71%Above target (max 65%)team 62%',
      '2m 5steam 1m 15s',
      '4.3team 6.5',
      '3.0Far above the team (over 2.4)team 1.2',
      '5team 2',
      '\u22120.12team +0.10',
      '',
    ]);
    expect(cellsOf(rowOf(table, 'sam@example.test')).slice(1, 3)).toEqual(['-team 62%', '-team 1m 15s']);
    // An address Users does not know: the address, and an offer to add the user.
    expect(within(rowOf(table, 'sam@example.test')).getByRole('link', { name: 'Not in Users: add the user' })).toHaveAttribute(
      'href',
      '/users?add=sam%40example.test',
    );
    expect(within(rowOf(table, 'pat@example.test')).getByRole('img')).toHaveAccessibleName(
      'Calls per week: Mar 02: 8, Mar 09: 9, Mar 16: 10, Mar 23: 11, Mar 30: 12',
    );
  });

  it('shows landmines with their rate, its change and the top reps', async () => {
    renderInsights();
    const landmines = await loadedSection('Landmines', 'We guarantee results');
    const table = within(landmines).getByRole('table');
    expect(cellsOf(rowOf(table, 'We guarantee results'))).toEqual([
      '7',
      '1.8',
      '6',
      'Rising+1.1 (was 0.7)',
      'pat@example.test (4), sam@example.test (1), lee@example.test (1) and 1 more',
      '',
    ]);
    expect(rowOf(table, 'Free forever')).toHaveTextContent('Free forever (deleted)');
  });

  it('says when a section has nothing to show', async () => {
    renderInsights({ reply: (section) => ({ data: emptyAnswers[section]() }) });
    for (const [name, text] of [
      ['Objections and FAQs', 'No objection or FAQ was detected in these calls.'],
      ['What the assistant did not know', 'The assistant knew every question asked in these calls.'],
      ['Answers that help', 'No objection in these calls had sentiment before and after it.'],
      ['Reps', 'No rep had a finished call in this period.'],
      ['Landmines', 'No landmine was triggered in these calls.'],
    ]) {
      const region = await loadedSection(name, text);
      expect(within(region).queryByRole('table')).toBeNull();
      expect(within(region).queryByRole('button', { name: /Export CSV/ })).toBeNull();
    }
  });

  it('shows a failed section with Retry and never as empty; Retry asks again', async () => {
    const user = userEvent.setup();
    let repsFail = true;
    const server = renderInsights({
      reply: (section) => {
        if (section === 'reps' && repsFail) return { status: 500, body: { error: 'INTERNAL_ERROR', message: 'boom' } };
        if (section === 'landmines') return { data: { period: PERIOD, landmines: 'not a list' } };
        return undefined;
      },
    });
    await loadedSection('Objections and FAQs', 'It is too expensive');
    const reps = section('Reps');
    expect(await within(reps).findByText('The reps could not be loaded.', {}, FIND)).toBeInTheDocument();
    expect(within(reps).queryByText('No rep had a finished call in this period.')).toBeNull();
    expect(within(reps).queryByRole('table')).toBeNull();
    // an answer the contract does not recognise is a failure too
    const landmines = section('Landmines');
    expect(await within(landmines).findByText('The landmines could not be loaded.', {}, FIND)).toBeInTheDocument();
    expect(within(landmines).queryByText('No landmine was triggered in these calls.')).toBeNull();
    // the other sections stand (a section below the first draws its figures in a render of its own)
    expect(await within(section('Answers that help')).findByText('It is too expensive', {}, FIND)).toBeInTheDocument();

    repsFail = false;
    const before = server.queries('reps').length;
    await user.click(within(reps).getByRole('button', { name: 'Retry' }));
    expect(await within(reps).findByText('pat@example.test', {}, FIND)).toBeInTheDocument();
    expect(server.queries('reps')).toHaveLength(before + 1);
    expect(within(reps).queryByText('The reps could not be loaded.')).toBeNull();
  });

  it('collapses a section from its heading button and keeps it closed on the next visit', async () => {
    const user = userEvent.setup();
    // the portal's own kind of store: memoryStore forgets everything when the admin unmounts
    const store = localStorageStore(undefined, 'insights-collapse-test');
    const { unmount } = renderInsights({ store });
    const landmines = await loadedSection('Landmines', 'We guarantee results');
    const toggle = within(landmines).getByRole('button', { name: 'Landmines' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(landmines).queryByRole('table')).toBeNull();
    expect(within(landmines).queryByRole('button', { name: /Export CSV/ })).toBeNull();
    unmount();

    renderInsights({ store });
    await loadedSection('Objections and FAQs', 'It is too expensive');
    const again = screen.getByRole('region', { name: 'Landmines' });
    expect(within(again).getByRole('button', { name: 'Landmines' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(again).queryByText('We guarantee results')).toBeNull();
    // the other sections stay open
    expect(within(screen.getByRole('region', { name: 'Reps' })).getByRole('button', { name: 'Reps' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    within(again).getByRole('button', { name: 'Landmines' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(again).findByText('We guarantee results')).toBeInTheDocument();
  });

  it('exports the rows a table shows as CSV', async () => {
    const user = userEvent.setup();
    const downloads: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        downloads.push(blob);
        return 'blob:insights';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderInsights();
    const landmines = await loadedSection('Landmines', 'We guarantee results');
    await user.click(within(landmines).getByRole('button', { name: 'Export CSV: Landmines' }));
    expect(await screen.findByText('Exported 2 rows')).toBeInTheDocument();
    expect(downloads).toHaveLength(1);
    const lines = (await downloads[0].text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'trigger,key,deleted,hits,calls,previousHits,ratePer100Calls,previousRatePer100Calls,rateChange,trend,byRep,week 2026-03-02,week 2026-03-09,week 2026-03-16,week 2026-03-23,week 2026-03-30',
      'We guarantee results,lm-guarantee,false,7,6,2,1.8,0.7,1.1,rising,pat@example.test (4) | sam@example.test (1) | lee@example.test (1) | kim@example.test (1),1.3,2.2,0,3.2,2',
      'Free forever,t:free forever,true,1,1,0,0.3,0,0.3,,sam@example.test (1),0,0,1.2,0,0',
    ]);
  });

  it('speaks French with French numbers', async () => {
    renderInsights({ i18nProvider: polyglotI18nProvider(() => fr, 'fr') });
    const items = await loadedSection('Objections et FAQ', 'It is too expensive');
    expect(within(items).getByRole('link', { name: '1\u202f234 détections de « It is too expensive »' })).toBeInTheDocument();
    const answers = await loadedSection('Les réponses qui aident', 'It is too expensive');
    expect(within(answers).getByText('Toutes réponses : +0,42 (de \u22120,10 à +0,90), 21 cas')).toBeInTheDocument();
    expect(within(answers).getByText("Trop peu d'appels (3)")).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Période' })).toHaveTextContent('30 derniers jours');
    const inquiries = await loadedSection("Ce que l'assistant ignorait", 'Can it join our Webex calls?');
    expect(within(inquiries).getByRole('list', { name: 'Ajoutées au dictionnaire' })).toHaveTextContent(
      "Posée 6 fois dans ces appels. Depuis son ajout, 2 fois en d'autres mots : comptées pour l'élément du dictionnaire, pas comme de nouvelles demandes.",
    );
  });
});

// the fakes are the contract's shapes (read by its schemas in tests/support/insightsFakes.ts)
describe('the insights fakes', () => {
  it('parse with the contract', () => {
    for (const build of Object.values(insightAnswers)) expect(build()).toBeTruthy();
    expect(insightAnswers.items().items).toHaveLength(3);
  });
});
