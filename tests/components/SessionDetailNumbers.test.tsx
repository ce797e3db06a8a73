import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Route, Routes } from 'react-router';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentimentSeries } from '@/resources/sessions/detail/chartSeries';
import { SessionDetailPage } from '@/resources/sessions/detail/SessionDetailPage';
import { TimelineToolbar } from '@/resources/sessions/detail/TimelineToolbar';
import { ALL_KINDS } from '@/resources/sessions/detail/timeline';
import type { PortalDataProvider } from '@/dataProvider/types';
import { fr } from '@/i18n/fr';
import type { SentimentEntry } from '@/resources/sessions/sessionTypes';
import { lightTheme } from '@/theme';
import { contrast, opaque } from '../support/contrast';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { at, buildDetail, fakeLayout, renderDetail } from '../support/sessions';

const PATH = '/sessions/session-2025-03-05-abcdefghijkl';
const found = (detail = buildDetail()) => vi.fn(async () => ({ data: detail }));
const openTab = async (user: ReturnType<typeof userEvent.setup>, name: string | RegExp) => {
  await user.click(await screen.findByRole('tab', { name }));
  await waitFor(() => expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true'), { timeout: 10_000 });
};

beforeAll(fakeLayout);
beforeEach(() => sessionStorage.clear());

describe('the Speech Rate tab speaks one unit', () => {
  it('gives the limit and every alert in words per minute, and says what each count counts', async () => {
    renderDetail(`${PATH}?tab=speech-rate`, found());
    const limit = await screen.findByRole('region', { name: 'Limit (words per minute)' }, { timeout: 10_000 });
    // the alert's 75 words in 30 seconds is 150 words per minute, on the tile and in the alert alike
    expect(limit).toHaveTextContent('150');
    expect(limit).toHaveTextContent('75 words in 30 seconds');
    const alerts = screen.getByRole('list', { name: 'Alerts' });
    expect(alerts).toHaveTextContent('212 words per minute, over the limit of 150 words per minute (106 words in 30 seconds)');
    expect(screen.queryByText(/limit 75/)).not.toBeInTheDocument();

    expect(screen.getByRole('region', { name: 'Total alerts' })).toHaveTextContent('raised by the live monitor during the call');
    const intervals = screen.getByRole('region', { name: 'Intervals over the limit' });
    expect(intervals).toHaveTextContent(/\d+ of \d+/);
    expect(intervals).toHaveTextContent('30-second intervals, measured here from the transcript');
    const figure = screen.getByRole('figure', { name: 'Words per minute over the call' });
    expect(figure).toHaveTextContent('against the limit of 150 words per minute');
    expect(figure).toHaveTextContent('The live monitor raised 1 alert during the call');
  });
});

describe('categories as worded labels', () => {
  const detail = () =>
    buildDetail({
      detectedObjections: [
        { timestamp: at(20), category: 'COMPETITOR_OBJECTION', relevance_score: 0.8, question: 'We already use another tool' },
        { timestamp: at(30), category: 'CONTRACT_LENGTH_OBJECTION', relevance_score: 0.7, question: 'Three years is too long' },
      ],
    });

  it('shows labels, not codes, in the timeline and the statistics', async () => {
    const user = userEvent.setup();
    renderDetail(PATH, found(detail()));
    const timeline = await screen.findByRole('list', { name: 'Session timeline' });
    expect(within(timeline).getByText('Competitor objection')).toBeInTheDocument();
    expect(within(timeline).getByText('Objection: contract length')).toBeInTheDocument();
    // the FAQ's kind title and its category chip
    expect(within(timeline).getAllByText('FAQ')).toHaveLength(2);
    expect(within(timeline).queryByText(/[A-Z]+_[A-Z_]+/)).not.toBeInTheDocument();

    await openTab(user, 'Statistics');
    const table = await screen.findByRole('table', { name: 'Detections by category' });
    for (const label of ['Competitor objection', 'Objection: contract length', 'FAQ', 'New inquiry']) {
      expect(within(table).getByRole('button', { name: label })).toBeInTheDocument();
    }
    expect(within(table).queryByText(/NEW_INQUIRY|COMPETITOR_OBJECTION/)).not.toBeInTheDocument();
  });

  it('translates them in French', async () => {
    const french = polyglotI18nProvider(() => fr, 'fr');
    renderInAdmin(
      <Routes>
        <Route path="/sessions/:sessionId" element={<SessionDetailPage />} />
      </Routes>,
      {
        dataProvider: buildDataProvider({ getOne: found(detail()) } as unknown as Partial<PortalDataProvider>),
        path: PATH,
        i18nProvider: french,
      },
    );
    const timeline = await screen.findByRole('list', { name: fr.app.sessions.timeline.label });
    expect(within(timeline).getByText('Objection liée à la concurrence')).toBeInTheDocument();
    expect(within(timeline).getByText('Objection : contract length')).toBeInTheDocument();
    expect(within(timeline).getAllByText('Nouvelle demande')).toHaveLength(2);
  });
});

describe('a readable sentiment trend', () => {
  const flicker: SentimentEntry[] = Array.from({ length: 20 }, (_, minute) => ({
    timestamp: new Date(Date.parse(at(0)) + minute * 60_000).toISOString(),
    speaker: 'salesperson',
    dominant_emotion: minute % 2 ? 'happy' : 'neutral',
    confidence: 0.8,
    transcript: 'x',
  }));

  it('smooths a line that flips between neutral and positive every minute', () => {
    const points = sentimentSeries(flicker, Date.parse(at(0)), 'salesperson', 20 * 60);
    const raw = flicker.map((entry) => (entry.dominant_emotion === 'happy' ? 1 : 0));
    const jumps = (values: number[]) => Math.max(...values.slice(1).map((value, index) => Math.abs(value - values[index])));
    expect(jumps(raw)).toBe(1);
    expect(points.length).toBeGreaterThan(10);
    expect(jumps(points.map((point) => point.score))).toBeLessThanOrEqual(0.25);
  });

  it('captions the chart in words: how each side began, ended and moved', async () => {
    renderDetail(`${PATH}?tab=sentiment`, found());
    const figure = await screen.findByRole('figure', { name: 'Sentiment over the call' }, { timeout: 10_000 });
    expect(figure).toHaveTextContent('Customer: began neutral, ended positive (improving).');
    expect(figure).toHaveTextContent('Salesperson: no sentiment entries.');
    expect(figure).not.toHaveTextContent(/-?\d\.\d+ → /);
  });
});

describe('timeline kind filters', () => {
  it('shows on and off plainly in the light theme, and keeps aria-pressed', () => {
    const light = createTheme(lightTheme);
    renderInAdmin(
      <ThemeProvider theme={light}>
        <TimelineToolbar
          filter={{ ...ALL_KINDS, kinds: ['transcript', 'objection'] }}
          onFilterChange={() => undefined}
          query=""
          onQueryChange={() => undefined}
          matchCount={0}
          current={-1}
          onStep={() => undefined}
        />
      </ThemeProvider>,
    );
    const on = screen.getByRole('button', { name: 'Transcripts', pressed: true });
    const off = screen.getByRole('button', { name: 'FAQs', pressed: false });
    const page = opaque(light.palette.background.paper);
    const background = (element: Element) => {
      const value = getComputedStyle(element).backgroundColor;
      return value && value !== 'rgba(0, 0, 0, 0)' && value !== 'transparent' ? opaque(value) : page;
    };
    // a filled button against the page, not a faint tint; its text readable on it
    expect(contrast(background(on), page)).toBeGreaterThanOrEqual(3);
    expect(background(off)).toBe(page);
    expect(contrast(opaque(getComputedStyle(on).color), background(on))).toBeGreaterThanOrEqual(4.5);
    // and a second cue that does not rely on colour
    expect(within(on).getByTestId('CheckIcon')).toBeInTheDocument();
    expect(within(off).queryByTestId('CheckIcon')).not.toBeInTheDocument();
  });
});
