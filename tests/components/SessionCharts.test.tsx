import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTheme, hexToRgb, type Theme } from '@mui/material/styles';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '@/App';
import { PortalAuthContext } from '@/authProvider';
import { SERIES_PALETTES } from '@/resources/sessions/detail/chartColors';
import { SessionHeader } from '@/resources/sessions/detail/SessionHeader';
import { SentimentTab } from '@/resources/sessions/detail/SentimentTab';
import { SpeechRateTab } from '@/resources/sessions/detail/SpeechRateTab';
import { StatisticsTab } from '@/resources/sessions/detail/StatisticsTab';
import { fr } from '@/i18n/fr';
import { darkTheme, lightTheme } from '@/theme';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildAuthProvider, buildDataProvider, renderInAdmin } from '../support/render';
import { at, buildDetail, fakeLayout } from '../support/sessions';

beforeAll(fakeLayout);

// The themes exactly as react-admin builds them from the options App.tsx hands it.
const dark = createTheme(darkTheme);
const light = createTheme(lightTheme);
const RECHARTS_GREY = '#666';
/** A colour as the browser reports a computed style. */
const computed = (color: string) => (color.startsWith('#') ? hexToRgb(color) : color);

const PATH = '/sessions/session-2025-03-05-abcdefghijkl';
const SLOW = { timeout: 15_000 };

/** The portal itself at a session tab, so the top bar's switch drives the theme as it does for an admin. */
const renderTab = (tab: string, detail = buildDetail()) => {
  const admin = buildAccount({ email: 'admin@salescoach.test' });
  const getOne = vi.fn(async () => ({ data: detail }));
  render(
    <PortalAuthContext value={buildFakeAuth({ users: [admin], signedInAs: admin.email })}>
      <MemoryRouter initialEntries={[`${PATH}?tab=${tab}`]}>
        <App authProvider={buildAuthProvider()} dataProvider={buildDataProvider({ getOne } as never)} />
      </MemoryRouter>
    </PortalAuthContext>,
  );
};

const switchTheme = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(await screen.findByRole('button', { name: 'Toggle light/dark mode' }, SLOW));

const figure = (name: string) => screen.findByRole('figure', { name }, SLOW);
const all = (root: Element, selector: string) => [...root.querySelectorAll(selector)];
const attributes = (root: Element, selector: string, name: string) => all(root, selector).map((element) => element.getAttribute(name));
const tickFills = (root: Element) => attributes(root, '.recharts-cartesian-axis-tick-value', 'fill');

/** The axes, their titles and the grid of a cartesian chart in `theme`'s colours. */
const expectThemedAxes = (chart: Element, theme: Theme) => {
  const fills = tickFills(chart);
  expect(fills.length).toBeGreaterThan(3);
  expect(new Set(fills)).toEqual(new Set([theme.palette.text.secondary]));
  expect(fills).not.toContain(RECHARTS_GREY);
  expect(new Set(attributes(chart, '.recharts-cartesian-axis-line', 'stroke'))).toEqual(new Set([theme.palette.text.secondary]));
  const grid = attributes(chart, '.recharts-cartesian-grid line', 'stroke');
  expect(grid.length).toBeGreaterThan(0);
  expect(new Set(grid)).toEqual(new Set([theme.palette.divider]));
};

/** The drawing alone, without the figure's title, caption and data table. */
const drawing = (chart: Element) => chart.querySelector('svg.recharts-surface:not([aria-label])') as HTMLElement;
const legendTexts = (chart: Element) => all(chart, '.chart-legend li');

describe("the customer's sentiment trend", () => {
  it('reads the same in the header as in the Sentiment chart caption', async () => {
    const feel = (second: number, emotion: string) => ({
      timestamp: at(second),
      speaker: 'customer' as const,
      dominant_emotion: emotion,
      confidence: 0.9,
      transcript: emotion,
    });
    // the first third of the entries is angrier than the last, but the line starts and ends neutral
    const entries = [
      feel(0, 'neutral'),
      feel(200, 'angry'),
      feel(210, 'angry'),
      feel(600, 'neutral'),
      feel(1000, 'neutral'),
      feel(1200, 'neutral'),
    ];
    const base = buildDetail({ duration: 1200 });
    renderTab('sentiment', buildDetail({ duration: 1200, sentimentAnalysis: { ...base.sentimentAnalysis!, entries } }));
    const caption = (await figure('Sentiment over the call')).querySelector('figcaption');
    expect(caption).toHaveTextContent('Customer: began neutral, ended neutral (steady).');
    const summary = screen.getByRole('region', { name: 'Call summary' });
    expect(within(summary).getByRole('region', { name: 'Customer sentiment' })).toHaveTextContent('Steady');
  });
});

describe('the Speech Rate tab', () => {
  it('lists its alerts as list items, each a button (axe: a list holds only list items)', async () => {
    renderTab('speech-rate');
    const list = await screen.findByRole('list', { name: 'Alerts' }, SLOW);
    expect([...list.children].map((child) => child.tagName)).toEqual(['LI']);
    expect(within(within(list).getByRole('listitem')).getByRole('button')).toHaveTextContent(/212/);
  });
});

describe('session charts in the dark theme', () => {
  it('Speech Rate: ticks, axis title, grid, legend, limit line and series take the theme colours', async () => {
    const user = userEvent.setup();
    renderTab('speech-rate');
    await figure('Words per minute over the call');
    await switchTheme(user);
    const chart = await figure('Words per minute over the call');
    await waitFor(() => expect(tickFills(chart)[0]).toBe(dark.palette.text.secondary));

    expectThemedAxes(chart, dark);
    const axisTitle = within(drawing(chart)).getByText('Minute of the call');
    expect(axisTitle.closest('text')).toHaveAttribute('fill', dark.palette.text.primary);

    const legend = legendTexts(chart);
    expect(legend.map((item) => item.textContent)).toEqual(['Alerts', 'Words per minute']);
    for (const item of legend) expect(getComputedStyle(item).color).toBe(computed(dark.palette.text.primary));

    const palette = SERIES_PALETTES.dark;
    expect(attributes(chart, '.recharts-line-curve', 'stroke')).toEqual([palette.speakers.salesperson, palette.limit]);
    // the one alert, at 0:45, drawn in the minute it was raised
    const alertDots = all(chart, '.recharts-line-dots circle');
    expect(alertDots).toHaveLength(1);
    expect(alertDots[0]).toHaveAttribute('fill', palette.limit);
    expect(chart.querySelector('.recharts-reference-line-line')).toHaveAttribute('stroke', palette.limit);
    const limitLabel = within(drawing(chart)).getByText('Limit: 150 wpm');
    expect(limitLabel.closest('text')).toHaveAttribute('fill', palette.limit);
  });

  it('Sentiment: bars in the dark shades of the emotions, values and the score scale in theme text', async () => {
    const user = userEvent.setup();
    renderTab('sentiment');
    await figure('Emotion distribution');
    await switchTheme(user);
    const distribution = await figure('Emotion distribution');
    await waitFor(() => expect(tickFills(distribution)[0]).toBe(dark.palette.text.secondary));

    expectThemedAxes(distribution, dark);
    const palette = SERIES_PALETTES.dark;
    expect(attributes(distribution, '.recharts-bar-rectangle path', 'fill')).toEqual([
      palette.emotions.neutral,
      palette.emotions.angry,
      palette.emotions.happy,
    ]);
    const values = all(distribution, '.recharts-label-list text, .recharts-label');
    expect(values.map((value) => value.textContent)).toEqual(['2', '1', '1']);
    for (const value of values) expect(value).toHaveAttribute('fill', dark.palette.text.primary);

    const overTime = await figure('Sentiment over the call');
    expectThemedAxes(overTime, dark);
    for (const word of ['Negative', 'Neutral', 'Positive']) {
      expect(within(drawing(overTime)).getByText(word).closest('text')).toHaveAttribute('fill', dark.palette.text.secondary);
    }
    expect(attributes(overTime, '.recharts-line-curve', 'stroke')).toEqual([palette.speakers.customer]);
    for (const item of legendTexts(overTime)) expect(getComputedStyle(item).color).toBe(computed(dark.palette.text.primary));
  });

  it('Statistics: talk-ratio slices in the speakers’ dark shades, shares in theme text', async () => {
    const user = userEvent.setup();
    renderTab('statistics');
    await figure('Talk ratio (share of words)');
    await switchTheme(user);
    const chart = await figure('Talk ratio (share of words)');
    const palette = SERIES_PALETTES.dark;
    await waitFor(() =>
      expect(attributes(chart, '.recharts-pie-sector path', 'fill')).toEqual([palette.speakers.salesperson, palette.speakers.customer]),
    );
    const shares = all(chart, '.recharts-pie-label-text');
    expect(shares.map((share) => share.textContent)).toEqual(['59%', '41%']);
    for (const share of shares) expect(share).toHaveAttribute('fill', dark.palette.text.primary);
    for (const item of legendTexts(chart)) expect(getComputedStyle(item).color).toBe(computed(dark.palette.text.primary));
  });
});

describe('session charts back in the light theme', () => {
  it('switching back draws the ticks and series in the light theme colours again', async () => {
    const user = userEvent.setup();
    renderTab('speech-rate');
    await figure('Words per minute over the call');
    await switchTheme(user);
    await waitFor(async () => expect(tickFills(await figure('Words per minute over the call'))[0]).toBe(dark.palette.text.secondary));
    await switchTheme(user);
    const chart = await figure('Words per minute over the call');
    await waitFor(() => expect(tickFills(chart)[0]).toBe(light.palette.text.secondary));
    expectThemedAxes(chart, light);
    expect(chart.querySelector('.recharts-line-curve')).toHaveAttribute('stroke', SERIES_PALETTES.light.speakers.salesperson);
  });
});

describe('session charts and figures in French', () => {
  // Numbers by Intl, units from the catalogue: a French admin reads '82,3 %', not '82.3%'.
  const french = polyglotI18nProvider(() => fr, 'fr');
  const NNBSP = '\u202f';
  const NBSP = '\u00a0';

  it('writes percentages, durations and words per minute the French way', async () => {
    const detail = buildDetail();
    const props = { session: detail, start: Date.parse(at(0)), onOpenMoment: vi.fn() };
    renderInAdmin(
      <>
        <SessionHeader session={detail} />
        <SentimentTab {...props} />
        <SpeechRateTab {...props} />
        <StatisticsTab {...props} />
      </>,
      { i18nProvider: french, path: PATH },
    );
    // Testing Library reads any space as ' '; the raw text keeps French typography's no-break spaces.
    const duration = await screen.findByText('12 min 34 s');
    expect(duration.textContent).toBe(`12${NBSP}min 34${NBSP}s`);
    const confidence = screen.getByRole('region', { name: 'Confiance' });
    expect(confidence).toHaveTextContent('82,3 %');
    expect(confidence.textContent).toContain(`82,3${NNBSP}%`);
    expect(screen.getByRole('region', { name: 'Taux de réponse' })).toHaveTextContent('88 %');
    const talk = screen.getByRole('figure', { name: 'Répartition de la parole (part des mots)' });
    expect(talk).toHaveTextContent('Part des mots : Commercial 59 %, Client 41 %');
    const rate = screen.getByRole('figure', { name: "Mots par minute au fil de l'appel" });
    await waitFor(() => expect(within(drawing(rate)).getByText('Limite : 150 mots/min')).toBeInTheDocument());
    const overTime = screen.getByRole('figure', { name: "Sentiment au fil de l'appel" });
    for (const word of ['Négatif', 'Neutre', 'Positif']) expect(within(drawing(overTime)).getByText(word)).toBeInTheDocument();
    expect(screen.getByText('Utilisateur :')).toBeInTheDocument();
  });
});
