import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type InsightRepPage, insightRepResponseSchema } from '@/contract/insightRep';
import { InsightsPage } from '@/customPages/insights/InsightsPage';
import { RepPage } from '@/customPages/insights/rep/RepPage';
import { fr } from '@/i18n/fr';
import { sessionsPath } from '@/resources/sessions/sessionFilters';
import { buildDictionaryProvider } from '../support/dictionaryFakes';
import { insightAnswers, insightsServer, PERIOD } from '../support/insightsFakes';
import { buildMatchResult } from '../support/matchingFakes';
import { renderInAdmin } from '../support/render';

/** A rep's page at /insights/reps/:rep (GET /api/insights/reps/:rep), opened from the Insights Reps table. */
const reps = insightAnswers.reps();
const PAT: InsightRepPage = insightRepResponseSchema.parse({
  success: true,
  data: {
    period: { ...PERIOD, calls: 42, previousCalls: 30, weeklyCalls: [8, 9, 10, 11, 4] },
    rep: 'pat@example.test',
    name: 'Pat Morgan',
    userId: reps.reps[0].userId,
    figures: reps.reps[0],
    teamMedian: reps.teamMedian,
    targets: reps.targets,
    teamCalls: PERIOD.calls,
    objections: [{ key: 'obj-price', label: 'Too expensive', deleted: false, detections: 6, calls: 5, rate: (100 * 6) / 42, teamRate: 5 }],
    answers: [
      {
        key: 'obj-price',
        label: 'Too expensive',
        deleted: false,
        rep: { cases: 6, mean: 0.4, low: 0.1, high: 0.7 },
        team: { cases: 3, mean: null, low: null, high: null },
      },
    ],
    landmines: [
      { key: 'lm-guarantee', label: 'We guarantee results', deleted: false, hits: 4, calls: 3, rate: (100 * 4) / 42, teamRate: 1.75 },
    ],
  },
}).data;

const Address = () => {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
};
const address = () => screen.getByTestId('address').textContent ?? '';
const FIND = { timeout: 10_000 };

const renderPage = (path: string, page: Partial<InsightRepPage> = {}, i18nProvider?: I18nProvider) => {
  const server = insightsServer();
  const getInsightRep = vi.fn(async (rep: string) => ({ ...PAT, rep, ...page }));
  const dataProvider = {
    ...buildDictionaryProvider(),
    getInsights: server.getInsights,
    getInsightRep,
    matchPhrase: vi.fn(async () => buildMatchResult([])),
  };
  renderInAdmin(
    <>
      <Routes>
        <Route path="/insights" element={<InsightsPage />} />
        <Route path={RepPage.path} element={<RepPage />} />
        <Route path="/sessions" element={<p>The sessions list</p>} />
      </Routes>
      <Address />
    </>,
    { dataProvider: dataProvider as never, path, ...(i18nProvider ? { i18nProvider } : {}) },
  );
  return getInsightRep;
};
const region = (name: string) => screen.getByRole('region', { name });
const figureRow = (figure: string) => screen.getByTestId(`rep-figure-${figure}`);
/** As the page writes them: what is counted, the period, then the rep where the target is not the rep. */
const sessionsWith = (target: Record<string, string>, rep?: string) =>
  sessionsPath({ ...target, from: PERIOD.from, to: PERIOD.to, ...(rep ? { rep } : {}), finished: 'true' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("a rep's page", { timeout: 30_000 }, () => {
  it("opens from the Reps table by the rep's name, keeping the period", async () => {
    const user = userEvent.setup();
    const getInsightRep = renderPage('/insights?period=7d');
    const table = await screen.findByRole('table', { name: 'Reps, most calls first' }, FIND);
    await user.click(within(table).getByRole('link', { name: 'Pat Morgan' }));
    expect(address()).toBe('/insights/reps/pat%40example.test?period=7d');
    expect(await screen.findByRole('heading', { name: 'Pat Morgan', level: 2 }, FIND)).toBeInTheDocument();
    expect(screen.getByText('pat@example.test', { selector: 'p' })).toBeInTheDocument();
    expect(getInsightRep).toHaveBeenCalledWith('pat@example.test', { period: '7d', rep: undefined, status: undefined });
  });

  it('shows each figure beside the team median and its target, a flagged one with its reason, each linking to the calls', async () => {
    renderPage('/insights/reps/pat%40example.test?period=30d');
    expect(await screen.findByTestId('rep-figure-talkRatio', {}, FIND)).toHaveTextContent(
      'Talk ratio71%Above target (max 65%)62%35% to 65%',
    );
    expect(figureRow('alertsPerHour')).toHaveTextContent('Speech-rate alerts per hour3.0Far above the team (over 2.4)1.2at most 6.0');
    expect(figureRow('questionsPerCall')).toHaveTextContent('Questions per call4.36.5at least 3.0');
    const link = within(figureRow('talkRatio')).getByRole('link', { name: '71%, Talk ratio: the calls behind it' });
    expect(link).toHaveAttribute('href', sessionsWith({ rep: 'pat@example.test' }));
    expect(screen.getByTestId('rep-period')).toHaveTextContent('42 calls by this rep, 400 calls by the team');
  });

  it('rates objections and landmines per 100 of their calls beside the team, and compares the sentiment after their answers', async () => {
    renderPage('/insights/reps/pat%40example.test?period=30d');
    const objections = await screen.findByRole('table', { name: 'Objections, most frequent first' }, FIND);
    expect(within(objections).getByRole('row', { name: /Too expensive/ })).toHaveTextContent(
      'Too expensive6in 5 calls14.32.9× the team5.0',
    );
    expect(within(objections).getByRole('link', { name: '6 times: Too expensive' })).toHaveAttribute(
      'href',
      sessionsWith({ item: 'obj-price', label: 'Too expensive' }, 'pat@example.test'),
    );
    const answers = within(region('Sentiment after their answers')).getByRole('table');
    expect(within(answers).getByRole('row', { name: /Too expensive/ })).toHaveTextContent(/\+0\.40.*6 cases.*Too few calls/);
    const landmines = within(region('Landmines and speech-rate alerts')).getByRole('table');
    expect(within(landmines).getByRole('link', { name: '4 hits: We guarantee results' })).toHaveAttribute(
      'href',
      sessionsWith({ landmine: 'lm-guarantee', label: 'We guarantee results' }, 'pat@example.test'),
    );
    expect(screen.getByTestId('rep-alerts')).toHaveTextContent('Speech-rate alerts: 3.0 per hour (team median 1.2)');
    const weeks = within(region('Week by week')).getByRole('table');
    expect(within(weeks).getByRole('link', { name: /^8 calls in the week of/ })).toHaveAttribute(
      'href',
      sessionsPath({ rep: 'pat@example.test', from: '2026-03-02', to: '2026-03-08', finished: 'true' }),
    );
  });

  it('shows an address Users does not know, offering to add the user, and says when the rep had no call', async () => {
    renderPage('/insights/reps/sam%40example.test', {
      name: null,
      userId: null,
      figures: null,
      objections: [],
      answers: [],
      landmines: [],
    });
    expect(await screen.findByRole('heading', { name: 'sam@example.test', level: 2 }, FIND)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Not in Users: add the user' }, FIND)).toHaveAttribute(
      'href',
      '/users?add=sam%40example.test',
    );
    expect(within(region('Figures')).getByText('This rep had no finished call in this period.')).toBeInTheDocument();
  });

  it('reads in French', async () => {
    renderPage(
      '/insights/reps/pat%40example.test',
      {},
      polyglotI18nProvider(() => fr, 'fr'),
    );
    expect(await screen.findByRole('region', { name: 'Les objections qu’il rencontre le plus' }, FIND)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux statistiques' })).toHaveAttribute('href', '/insights?period=30d');
  });
});
