import {
  DEFAULT_TARGET_BANDS,
  insightAnswersResponseSchema,
  insightCompetitorsResponseSchema,
  insightFiltersResponseSchema,
  insightInquiriesResponseSchema,
  insightItemsResponseSchema,
  insightLandminesResponseSchema,
  insightRepsResponseSchema,
  type InsightAnswers,
  type InsightCompetitors,
  type InsightFilters,
  type InquiryAddedAs,
  type InsightInquiries,
  type InsightItems,
  type InsightLandmines,
  type InsightPeriodWithCalls,
  type InsightTrend,
  type InsightReps,
} from '@/contract/insights';
import { createInsightsApi, type InsightData, type InsightSection } from '@/dataProvider/insightsApi';
import { createHttpClient } from '@/dataProvider/httpClient';

/** The 30 days the fakes answer for, and the 30 before. */
export const PERIOD: InsightPeriodWithCalls = {
  from: '2026-03-02',
  to: '2026-03-31',
  previousFrom: '2026-01-31',
  previousTo: '2026-03-01',
  weeks: ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'],
  calls: 400,
  previousCalls: 300,
  weeklyCalls: [80, 90, 85, 95, 50],
};
const weekly = (counts: number[]) =>
  PERIOD.weeks.map((week, index) => ({ week, count: counts[index] ?? 0, rate: (100 * (counts[index] ?? 0)) / PERIOD.weeklyCalls[index] }));
/** A count's rate fields (per 100 calls of PERIOD) with the trend the fake claims. */
const rated = (current: number, previous: number, trend: InsightTrend) => {
  const rate = (100 * current) / PERIOD.calls;
  const previousRate = (100 * previous) / PERIOD.previousCalls;
  return { rate, previousRate, rateChange: rate - previousRate, trend };
};

/**
 * What each GET /api/insights/<section> answers, as `{ success: true, data }`, every answer read
 * by the contract's own response schema so a fake that drifts from the contract fails here.
 */
export const insightAnswers = {
  items: (): InsightItems =>
    insightItemsResponseSchema.parse({
      success: true,
      data: {
        period: PERIOD,
        items: [
          {
            key: 'obj-price',
            kind: 'objection',
            label: 'It is too expensive',
            category: 'PRICE_OBJECTION',
            deleted: false,
            detections: 1234,
            calls: 87,
            previousDetections: 700,
            change: 534,
            ...rated(1234, 700, 'rising'),
            weekly: weekly([200, 250, 300, 284, 200]),
          },
          {
            key: 'faq-crm',
            kind: 'faq',
            label: 'Do you integrate with our CRM?',
            category: 'FAQ',
            deleted: false,
            detections: 40,
            calls: 31,
            previousDetections: 52,
            change: -12,
            ...rated(40, 52, 'falling'),
            weekly: weekly([10, 8, 9, 7, 6]),
          },
          {
            key: 'q:objection:we use a competitor',
            kind: 'objection',
            label: 'We use a competitor',
            category: 'COMPETITOR_OBJECTION',
            deleted: true,
            detections: 12,
            calls: 12,
            previousDetections: 12,
            change: 0,
            ...rated(12, 12, null),
            weekly: weekly([3, 3, 2, 2, 2]),
          },
        ],
        risers: ['obj-price'],
      },
    }).data,
  inquiries: (): InsightInquiries =>
    insightInquiriesResponseSchema.parse({
      success: true,
      data: {
        period: PERIOD,
        groups: [
          {
            key: '0b7f5a52-6a3e-4d0e-9a53-2f3f0b4c9e11',
            label: 'Do you offer training?',
            occurrences: 14,
            calls: 9,
            rate: 3.5,
            examples: ['Do you offer training?', 'Is there onboarding for new staff?', 'Can you train our team?'],
            phrasings: 5,
            pending: false,
          },
          {
            key: '5d2c9b8e-1f7a-4c3b-8e6d-9a0b1c2d3e4f',
            label: 'Does it run on Linux desktops?',
            occurrences: 1,
            calls: 1,
            rate: 0.25,
            examples: ['Does it run on Linux desktops?'],
            phrasings: 1,
            pending: true,
          },
        ],
        added: [
          {
            key: '9e4d7c1a-2b3f-4a5e-8c6d-7f8091a2b3c4',
            label: 'Can it join our Webex calls?',
            occurrences: 6,
            calls: 5,
            rate: 1.5,
            examples: ['Can it join our Webex calls?', 'We run everything on Webex, is that supported?'],
            phrasings: 3,
            pending: false,
            added: { as: 'variation', type: 'faq', question: 'Which calling platforms do you support?' },
            laterOccurrences: 2,
            laterPhrasings: 1,
          },
        ],
      },
    }).data,
  answers: (): InsightAnswers =>
    insightAnswersResponseSchema.parse({
      success: true,
      data: {
        period: PERIOD,
        objections: [
          {
            key: 'obj-price',
            label: 'It is too expensive',
            deleted: false,
            overall: { cases: 21, mean: 0.42, low: -0.1, high: 0.9 },
            byAnswer: [
              { answerKey: 'a1', answer: 'Compare it with the cost of a lost deal', cases: 18, mean: 0.5, low: 0.1, high: 0.9 },
              { answerKey: 'a2', answer: 'Offer the annual plan', cases: 3, mean: null, low: null, high: null },
            ],
            byRep: [{ rep: 'pat@example.test', cases: 21, mean: -0.25, low: -0.6, high: 0.1 }],
          },
          {
            key: 'obj-timing',
            label: 'Not the right time',
            deleted: false,
            overall: { cases: 8, mean: -0.2, low: -0.7, high: 0.3 },
            byAnswer: [{ answerKey: 'a3', answer: 'Ask when would be', cases: 8, mean: -0.2, low: -0.7, high: 0.3 }],
            byRep: [{ rep: 'pat@example.test', cases: 8, mean: -0.2, low: -0.7, high: 0.3 }],
          },
          {
            key: 'obj-boss',
            label: 'I need to ask my boss',
            deleted: false,
            overall: { cases: 4, mean: null, low: null, high: null },
            byAnswer: [{ answerKey: 'a4', answer: 'Offer to join that meeting', cases: 4, mean: null, low: null, high: null }],
            byRep: [],
          },
          {
            key: 'q:objection:send me an email',
            label: 'Send me an email',
            deleted: true,
            overall: { cases: 1, mean: null, low: null, high: null },
            byAnswer: [],
            byRep: [],
          },
        ],
      },
    }).data,
  reps: (): InsightReps =>
    insightRepsResponseSchema.parse({
      success: true,
      data: {
        period: PERIOD,
        teamMedian: {
          calls: 20,
          talkRatio: 0.62,
          longestMonologue: 75,
          questionsPerCall: 6.5,
          alertsPerHour: 1.2,
          landmines: 2,
          sentiment: 0.1,
          landminesPer10Calls: 1,
        },
        targets: DEFAULT_TARGET_BANDS,
        reps: [
          {
            rep: 'pat@example.test',
            name: 'Pat Morgan',
            userId: '5b0c1a52-6a3e-4d0e-9a53-2f3f0b4c9e11',
            landminesPer10Calls: 5 / 4.2,
            flags: [
              { metric: 'alertsPerHour', reason: 'aboveTeam', limit: 2.4 },
              { metric: 'talkRatio', reason: 'aboveTarget', limit: 0.65 },
            ],
            calls: 42,
            talkRatio: 0.71,
            longestMonologue: 125,
            questionsPerCall: 4.25,
            alertsPerHour: 3,
            landmines: 5,
            sentiment: -0.12,
            weekly: PERIOD.weeks.map((week, index) => ({ week, calls: 8 + index, talkRatio: 0.7, sentiment: 0 })),
          },
          {
            rep: 'sam@example.test',
            name: null,
            userId: null,
            landminesPer10Calls: 0,
            flags: [],
            calls: 3,
            talkRatio: null,
            longestMonologue: null,
            questionsPerCall: null,
            alertsPerHour: null,
            landmines: 0,
            sentiment: null,
            weekly: PERIOD.weeks.map((week) => ({ week, calls: 0, talkRatio: null, sentiment: null })),
          },
        ],
      },
    }).data,
  landmines: (): InsightLandmines =>
    insightLandminesResponseSchema.parse({
      success: true,
      data: {
        period: PERIOD,
        landmines: [
          {
            key: 'lm-guarantee',
            label: 'We guarantee results',
            deleted: false,
            hits: 7,
            calls: 6,
            previousHits: 2,
            ...rated(7, 2, 'rising'),
            byRep: [
              { rep: 'pat@example.test', hits: 4 },
              { rep: 'sam@example.test', hits: 1 },
              { rep: 'lee@example.test', hits: 1 },
              { rep: 'kim@example.test', hits: 1 },
            ],
            weekly: weekly([1, 2, 0, 3, 1]),
          },
          {
            key: 't:free forever',
            label: 'Free forever',
            deleted: true,
            hits: 1,
            calls: 1,
            previousHits: 0,
            ...rated(1, 0, null),
            byRep: [{ rep: 'sam@example.test', hits: 1 }],
            weekly: weekly([0, 0, 1, 0, 0]),
          },
        ],
      },
    }).data,
  competitors: (): InsightCompetitors =>
    insightCompetitorsResponseSchema.parse({
      success: true,
      data: {
        period: PERIOD,
        competitors: [
          {
            key: '3f2b1c9e-8d4a-4c1b-9e2f-0a1b2c3d4e5f',
            label: 'Gong',
            mentions: 18,
            calls: 12,
            previousMentions: 6,
            ...rated(18, 6, 'rising'),
          },
        ],
      },
    }).data,
  filters: (): InsightFilters =>
    insightFiltersResponseSchema.parse({
      success: true,
      data: { reps: ['pat@example.test', 'sam@example.test'], firstDay: '2025-11-03' },
    }).data,
};

/** Every section with nothing to show (a period without finished calls). */
export const emptyAnswers: { [S in InsightSection]: () => InsightData<S> } = {
  items: () => ({ period: PERIOD, items: [], risers: [] }),
  inquiries: () => ({ period: PERIOD, groups: [], added: [] }),
  answers: () => ({ period: PERIOD, objections: [] }),
  reps: () => ({ period: PERIOD, teamMedian: { ...insightAnswers.reps().teamMedian, calls: 0 }, targets: DEFAULT_TARGET_BANDS, reps: [] }),
  landmines: () => ({ period: PERIOD, landmines: [] }),
  competitors: () => ({ period: PERIOD, competitors: [] }),
  filters: () => ({ reps: [], firstDay: null }),
};

/** What a section's stand-in sends back: a body for the envelope, or a response as it is. */
export type SectionReply = { data: unknown } | { status: number; body: unknown };

/**
 * A stand-in for the API server behind the portal's real http client and insights client: it
 * records each request (path and query) and answers each section from `reply`, by default the
 * contract-shaped fakes above.
 */
export const insightsServer = (reply: (section: InsightSection, query: URLSearchParams) => SectionReply | undefined = () => undefined) => {
  const requests: { section: InsightSection; query: URLSearchParams; authorization: string | null }[] = [];
  /** PUT /api/insights/inquiries/:key/added, as the server keeps them: the groups leave the open list. */
  const marked = new Map<string, InquiryAddedAs>();
  const withMarked = (data: InsightInquiries): InsightInquiries => ({
    ...data,
    groups: data.groups.filter((group) => !marked.has(group.key)),
    added: [
      ...data.groups
        .filter((group) => marked.has(group.key))
        .map((group) => ({ ...group, added: marked.get(group.key)!, laterOccurrences: 0, laterPhrasings: 0 })),
      ...data.added,
    ],
  });
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (init?.method === 'PUT') {
      const key = decodeURIComponent(url.pathname.split('/')[4]);
      const added = JSON.parse(String(init.body)) as InquiryAddedAs;
      marked.set(key, added);
      return new Response(JSON.stringify({ success: true, data: { key, added } }), { headers: { 'Content-Type': 'application/json' } });
    }
    const section = url.pathname.replace('/api/insights/', '') as InsightSection;
    requests.push({ section, query: url.searchParams, authorization: new Headers(init?.headers).get('Authorization') });
    const answer = reply(section, url.searchParams) ?? {
      data: section === 'inquiries' ? withMarked(insightAnswers.inquiries()) : insightAnswers[section](),
    };
    const [status, body] = 'status' in answer ? [answer.status, answer.body] : [200, { success: true, data: answer.data }];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  const http = createHttpClient({
    baseUrl: 'http://api.test',
    getToken: async () => 't',
    refreshToken: async () => 't2',
    onAuthFailure: () => undefined,
    fetch: fetchFn as typeof fetch,
  });
  /** The requests of one section, oldest first, as query strings. */
  const queries = (section: InsightSection) =>
    requests.filter((request) => request.section === section).map((request) => request.query.toString());
  const api = createInsightsApi(http);
  return { requests, queries, marked, getInsights: api.getInsights, markInquiryAdded: api.markInquiryAdded };
};
