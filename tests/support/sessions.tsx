import type { GetListParams, Store } from 'react-admin';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { SessionDetailPage } from '@/resources/sessions/detail/SessionDetailPage';
import type { PortalDataProvider } from '@/dataProvider/types';
import { SessionList } from '@/resources/sessions/SessionList';
import type { LandmineHit, SessionDetail, SessionSummary } from '@/resources/sessions/sessionTypes';
import { buildDataProvider, renderInAdmin } from './render';

export const at = (second: number) => new Date(Date.UTC(2025, 2, 5, 10, 0, second)).toISOString();

export const buildSession = (overrides: Partial<SessionSummary> = {}): SessionSummary & { id: string } => {
  const session: SessionSummary = {
    _id: 'm1',
    sessionId: 'session-2025-03-05-abcdefghijkl',
    sessionName: 'Discovery call with Acme',
    userEmail: 'sam@example.test',
    startTime: at(0),
    duration: 754,
    status: 'completed',
    metadata: { roomName: 'Room Alpha' },
    statistics: {
      totalTranscripts: 42,
      customerTranscripts: 20,
      salespersonTranscripts: 22,
      totalObjections: 3,
      totalFAQs: 5,
      totalNewInquiries: 1,
      responseRate: 87.5,
    },
    ...overrides,
  };
  return { ...session, id: session.sessionId };
};

export const buildDetail = (overrides: Partial<SessionDetail> = {}): SessionDetail & { id: string } => ({
  ...buildSession(),
  transcripts: [
    { timestamp: at(0), speaker: 'salesperson', text: 'Hello, thanks for joining. What matters most to you?' },
    { timestamp: at(20), speaker: 'customer', text: 'Honestly the price. The price is too high for us.' },
    { timestamp: at(45), speaker: 'salesperson', text: 'I understand. Let me show how the price pays back.' },
    { timestamp: at(90), speaker: 'customer', text: 'OK, that helps.' },
  ],
  detectedObjections: [
    {
      timestamp: at(20),
      category: 'PRICE_OBJECTION',
      relevance_score: 0.874,
      question: 'It is too expensive',
      answer: 'Acknowledge the concern.\n- Show the payback\n- Offer a pilot',
    },
  ],
  detectedFAQs: [
    {
      timestamp: at(60),
      category: 'FAQ',
      relevance_score: 0.61,
      question: 'Do you integrate with our CRM?',
      answer: 'Yes, with the main ones.',
    },
  ],
  newInquiries: [{ timestamp: at(95), category: 'NEW_INQUIRY', relevance_score: 0.4, question: 'Do you offer training?' }],
  sentimentAnalysis: {
    sessionSummary: {
      session_dominant_emotion: 'neutral',
      session_confidence: 0.8234,
      total_transcripts: 4,
      average_confidence: 0.7712,
      emotion_distribution: { neutral: 2, angry: 1, happy: 1 },
    },
    entries: [
      {
        timestamp: at(20),
        speaker: 'customer',
        dominant_emotion: 'angry',
        confidence: 0.912,
        transcript: 'Honestly the price. The price is too high for us.',
      },
      { timestamp: at(90), speaker: 'customer', dominant_emotion: 'happy', confidence: 0.66, transcript: 'OK, that helps.' },
    ],
  },
  speechRateAnalysis: {
    alerts: [{ timestamp: at(45), words_per_minute: 212.4, total_words: 106, time_window: 30, max_words: 75 }],
    totalAlerts: 1,
    averageWordsPerMinute: 143.6,
  },
  ...overrides,
});

/** A landmine the salesperson triggered at `second`, with the dictionary's guidance. */
export const buildLandmineHit = (second: number, overrides: Partial<LandmineHit> = {}): LandmineHit => ({
  timestamp: at(second),
  speaker: 'salesperson',
  trigger: 'Guaranteed savings',
  landmineId: 'lm-1',
  category: 'Pricing claims',
  priority: 'high',
  canSay: [{ point: 'Most customers see savings within a year' }],
  cannotSay: [{ point: 'You are guaranteed to save money', reason: 'Not a promise we can keep', severity: 'legal_risk' }],
  ...overrides,
});

export interface FilterLookups {
  users?: { email: string; name: string }[];
  landmines?: { id: string; trigger: string }[];
}

/**
 * A getList for the Sessions list: `sessions` answers the list's reads (its calls are the spy's),
 * while the rep and landmine filters read `users` and `landmines` from the fixed lists here.
 */
export const withFilterLookups = <T,>(sessions: (resource: string, params: GetListParams) => Promise<T>, lookups: FilterLookups = {}) =>
  (async (resource: string, params: GetListParams) => {
    if (resource === 'users') {
      const users = (lookups.users ?? []).map((user, index) => ({ ...user, id: `u${index}`, role: 'user', isActive: true }));
      return { data: users, total: users.length };
    }
    if (resource === 'landmines') return { data: lookups.landmines ?? [], total: lookups.landmines?.length ?? 0 };
    return sessions(resource, params);
  }) as (resource: string, params: GetListParams) => Promise<T>;

/** Renders /sessions over a fake getList returning `sessions`; `store` holds react-admin's store (default a fresh one). */
export const renderSessions = (
  sessions: SessionSummary[] = [buildSession()],
  { total = sessions.length, store, ...overrides }: Partial<PortalDataProvider> & { total?: number; store?: Store } = {},
) => {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({
    data: sessions.map((s) => ({ ...s, id: s.sessionId })),
    total,
  }));
  const dataProvider = buildDataProvider({ getList: withFilterLookups(getList), ...overrides } as Partial<PortalDataProvider>);
  const view = renderInAdmin(<SessionList />, { dataProvider, path: '/sessions', store });
  return { getList, dataProvider, view };
};

/** Renders the detail page at `path` over a fake getOne; /sessions shows a marker. `store`: as renderSessions. */
export const renderDetail = (
  path: string,
  getOne: (...args: never[]) => Promise<unknown>,
  overrides: Partial<PortalDataProvider> = {},
  { store }: { store?: Store } = {},
) => {
  const dataProvider = buildDataProvider({ getOne, ...overrides } as unknown as Partial<PortalDataProvider>);
  renderInAdmin(
    <Routes>
      <Route path="/sessions/:sessionId" element={<SessionDetailPage />} />
      <Route path="/sessions" element={<p>The sessions list</p>} />
    </Routes>,
    { dataProvider, path, store },
  );
  return dataProvider;
};

/**
 * jsdom lays nothing out: give every element a size and a working scrollTo, so the
 * virtualised timeline renders the rows a 600 px viewport would show.
 */
export const fakeLayout = () => {
  const scrollTops = new WeakMap<Element, number>();
  const define = (name: string, descriptor: PropertyDescriptor) =>
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, ...descriptor });
  define('clientHeight', { get: () => 600 });
  define('clientWidth', { get: () => 800 });
  define('offsetHeight', { get: () => 76 });
  define('offsetWidth', { get: () => 800 });
  define('scrollTop', {
    get(this: HTMLElement) {
      return scrollTops.get(this) ?? 0;
    },
    set(this: HTMLElement, value: number) {
      scrollTops.set(this, value);
    },
  });
  define('scrollTo', {
    value(this: HTMLElement, options: ScrollToOptions) {
      scrollTops.set(this, options.top ?? 0);
      this.dispatchEvent(new Event('scroll'));
    },
  });
};
