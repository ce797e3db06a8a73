import { sql } from 'drizzle-orm';
import { matchCalibrations } from '../../server/db/schema';
import { generateSessions, insertSessionBatch, type GeneratedSession } from '../../server/seed/sessions';
import {
  createLocalEmbeddingProvider,
  createSentenceEncoderProvider,
  type EmbeddingProvider,
  LOCAL_EMBEDDING_MODEL,
  SENTENCE_ENCODER_MODEL,
} from '../../server/services/matching/embeddings';
import { startInquiryGrouping } from '../../server/services/insights/grouping';
import { insightInquiriesResponseSchema, type InsightsQueryInput } from '../../src/contract/insights';
import { DETECTION_CATEGORIES, sessionListResponseSchema } from '../../src/contract/sessions';
import { MATCH_MARGIN } from '../../src/contract/matching';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { SAME_QUESTION, STANDS_ALONE } from '../support/inquiryPhrasings';

/**
 * A new-inquiry group's `calls` on the insights page (GET /api/insights/inquiries) against the
 * sessions' own detections and the Sessions list it links to (GET /api/admin/sessions?inquiry=):
 * calls asking two and three phrasings of one group, grouped by the real grouping job before and
 * after the calls complete, in mixed orders, and grouped again from scratch on a model change.
 */

const [P0, P1, P2, P3] = SAME_QUESTION.portuguese;
const [R0, R1, R2, R3] = SAME_QUESTION.reseller;
const [S0, S1] = STANDS_ALONE;

const REPS = ['ana@example.com', 'ben@example.com', 'cy@example.com'];
/** Days over three ISO weeks (Mondays 2026-02-02, 02-09, 02-16), so ranges cut weeks. */
const DAYS = ['2026-02-03', '2026-02-05', '2026-02-09', '2026-02-11', '2026-02-12', '2026-02-17', '2026-02-19'];
const RANGES = [
  { from: '2026-02-01', to: '2026-02-28' },
  { from: '2026-02-05', to: '2026-02-11' },
  { from: '2026-02-10', to: '2026-02-17' },
];

const template = [...generateSessions(0, 1, { seed: 5, now: Date.parse('2026-03-01T00:00:00Z') })][0];
let serial = 0;
/** A call asking `questions` (new inquiries, in that order), by rep, status and day cycling over the lists. */
const call = (questions: readonly string[], status: GeneratedSession['status'] = serial % 3 === 1 ? 'failed' : 'completed') => {
  serial += 1;
  const startTime = Date.parse(`${DAYS[serial % DAYS.length]}T${String(8 + (serial % 10)).padStart(2, '0')}:00:00Z`);
  return {
    ...template,
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    sessionId: `inquiry-calls-${serial}`,
    sessionName: `Inquiry calls ${serial}`,
    userEmail: REPS[serial % REPS.length],
    startTime,
    duration: 600,
    status,
    detail: {
      ...template.detail!,
      transcripts: [],
      sentiment: [],
      alerts: [],
      landmines: [],
      detections: questions.map((question, at) => ({
        t: startTime + (at + 1) * 60_000,
        kind: 'new_inquiry' as const,
        category: DETECTION_CATEGORIES.newInquiry,
        relevanceScore: 0.2,
        question,
        answer: null,
      })),
    },
  } satisfies GeneratedSession;
};

/** The provider's vectors are deterministic: the second database reuses the first one's. */
const remembering = (provider: EmbeddingProvider): EmbeddingProvider => {
  const known = new Map<string, number[]>();
  return {
    model: provider.model,
    embed: async (texts, signal) => {
      const missing = texts.filter((text) => !known.has(text));
      const vectors = missing.length > 0 ? await provider.embed(missing, signal) : [];
      for (const [at, vector] of vectors.entries()) known.set(missing[at], vector);
      return texts.map((text) => known.get(text)!);
    },
  };
};
const encoder = remembering(createSentenceEncoderProvider());
const hashed = createLocalEmbeddingProvider();

describe.each(DB_KINDS)('new-inquiry group calls (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    await t.db.insert(matchCalibrations).values({ model: SENTENCE_ENCODER_MODEL, margin: MATCH_MARGIN, calibratedAt: new Date() });
  });
  afterAll(() => t?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  /** Each call completes in a transaction of its own, as through the assistant's API: phrasings are created in this order. */
  const complete = async (...calls: GeneratedSession[]) => {
    for (const session of calls) await t.db.transaction((tx) => insertSessionBatch(tx, [session]));
  };
  const group = async (provider: EmbeddingProvider) => {
    const job = startInquiryGrouping({ db: t.db, provider }, { autoStart: false });
    let grouped = 0;
    for (let pass = await job.runOnce(); pass > 0; pass = await job.runOnce()) grouped += pass;
    await job.stop();
    return grouped;
  };
  const groupOf = async (text: string) =>
    (
      await rows<{ group: string }>(sql`select coalesce(group_id, id)::text as "group" from insight_inquiry_phrases where text = ${text}`)
    )[0].group;

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const params = (query: Record<string, string | number | undefined>) =>
    new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));

  /** Per group, the distinct finished calls with a detection of one of its phrasings, and the phrasings' calls summed. */
  const fromDetections = async (filters: { from: string; to: string; rep?: string; status?: string }) =>
    rows<{ group: string; calls: number; occurrences: number; phrasing_calls: number }>(
      sql`select coalesce(p.group_id, p.id)::text as "group", count(distinct s.id)::int as calls, count(*)::int as occurrences,
            count(distinct (s.id, p.id))::int as phrasing_calls
          from session_detections d
          join insight_inquiry_phrases p on d.item_key = 'inquiry:' || p.id::text
          join sessions s on s.id = d.session_id
          where s.status in ('completed', 'failed')
            and (s.start_time at time zone 'UTC')::date between ${filters.from}::date and ${filters.to}::date
            and (${filters.rep ?? null}::text is null or s.user_email = ${filters.rep ?? null})
            and (${filters.status ?? null}::text is null or s.status = ${filters.status ?? null})
          group by 1`,
    );

  /**
   * For every range and filter: each group's calls and occurrences as the detections say, and
   * its calls as the Sessions list filtered by it counts. Returns how many groups had a call
   * counted more than once by its phrasings (what the corrections take off).
   */
  const expectCallsMatch = async () => {
    let overlapping = 0;
    const filterSets: { rep?: string; status?: 'completed' | 'failed' }[] = [
      {},
      { rep: REPS[0] },
      { rep: REPS[1] },
      { status: 'completed' },
      { status: 'failed' },
      { rep: REPS[2], status: 'completed' },
    ];
    for (const range of RANGES)
      for (const filters of filterSets) {
        const query = { ...range, ...filters };
        const body = await get(`/api/insights/inquiries?${params(query satisfies InsightsQueryInput)}`);
        const { groups } = insightInquiriesResponseSchema.parse(body).data;
        const expected = await fromDetections(query);
        expect(
          Object.fromEntries(groups.map((entry) => [entry.key, { calls: entry.calls, occurrences: entry.occurrences }])),
          JSON.stringify(query),
        ).toEqual(Object.fromEntries(expected.map((row) => [row.group, { calls: row.calls, occurrences: row.occurrences }])));
        overlapping += expected.filter((row) => row.phrasing_calls > row.calls).length;
        for (const entry of groups) {
          const list = sessionListResponseSchema.parse(
            await get(`/api/admin/sessions?${params({ inquiry: entry.key, ...query, limit: 1 })}`),
          );
          expect(list.pagination.total, `${entry.label} ${JSON.stringify(query)}`).toBe(entry.calls);
        }
      }
    return overlapping;
  };

  it('counts each call once per group when the job groups phrasings after the calls completed', async () => {
    await complete(
      call([P0, P1]),
      call([P1, P0, P2]),
      call([P2, P2]),
      call([R0, R2]),
      call([P0, S0, R1]),
      call([S1, P2, P1]),
      call([P0, P1], 'in_progress'),
    );
    // Pending: each phrasing is its own group, nothing overlaps.
    expect(await expectCallsMatch()).toBe(0);
    expect(await group(encoder)).toBe(8);
    expect(new Set(await Promise.all([P0, P1, P2].map(groupOf))).size).toBe(1);
    expect(await groupOf(R2)).toBe(await groupOf(R0));
    expect(await expectCallsMatch()).toBeGreaterThan(0);
  }, 120_000);

  it('counts each call once per group when some phrasings were grouped before the call completed and others after', async () => {
    await complete(
      // every phrasing grouped already: corrected at completion
      call([P2, P0, P1]),
      call([P1, P1, P0]),
      // grouped and new phrasings: completion corrects the grouped ones, the job the new ones
      call([P0, P3]),
      call([P3, P1, P2]),
      call([R3, R1, R2, R0]),
      call([S0, R3]),
    );
    // P3 and R3 are pending, their own groups until grouped.
    expect(await expectCallsMatch()).toBeGreaterThan(0);
    expect(await group(encoder)).toBe(2);
    expect(await groupOf(P3)).toBe(await groupOf(P0));
    expect(await groupOf(R3)).toBe(await groupOf(R1));
    expect(await expectCallsMatch()).toBeGreaterThan(0);
    // A call completing now counts at once, corrected at completion.
    await complete(call([P3, P2, P0, P1]), call([P0, P1], 'failed'));
    expect(await expectCallsMatch()).toBeGreaterThan(0);
  }, 120_000);

  it('counts each call once per group after a model change regroups every phrasing, and after changing back', async () => {
    await t.db.insert(matchCalibrations).values({ model: LOCAL_EMBEDDING_MODEL, margin: MATCH_MARGIN, calibratedAt: new Date() });
    const total = (await rows<{ n: number }>(sql`select count(*)::int as n from insight_inquiry_phrases`))[0].n;
    expect(await group(hashed)).toBe(total);
    await expectCallsMatch();
    // A call completing between two regroupings: completion corrects for the groups it finds.
    await complete(call([P1, P0, P2]));
    expect(await group(encoder)).toBe(total);
    expect(new Set(await Promise.all([P0, P1, P2, P3].map(groupOf))).size).toBe(1);
    expect(await expectCallsMatch()).toBeGreaterThan(0);
  }, 120_000);

  it('a group added to the dictionary leaves the open list, and its phrasings first asked later count for the item', async () => {
    const key = await groupOf(P0);
    const month = `/api/insights/inquiries?${params(RANGES[0])}`;
    const before = insightInquiriesResponseSchema.parse(await get(month)).data;
    const open = before.groups.find((entry) => entry.key === key)!;
    expect(before.added).toEqual([]);
    const put = (target: string, payload: unknown) =>
      t.app.inject({ method: 'PUT', url: `/api/insights/inquiries/${target}/added`, headers, payload: payload as object });

    const marked = await put(key, { as: 'faq', question: 'Can it transcribe Portuguese calls?' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toEqual({ key, added: { as: 'faq', question: 'Can it transcribe Portuguese calls?' } });
    const after = insightInquiriesResponseSchema.parse(await get(month)).data;
    expect(after.groups.map((entry) => entry.key)).toEqual(before.groups.map((entry) => entry.key).filter((other) => other !== key));
    expect(after.added).toEqual([
      { ...open, added: { as: 'faq', question: 'Can it transcribe Portuguese calls?' }, laterOccurrences: 0, laterPhrasings: 0 },
    ]);

    // Asked again in other words after it was added: grouped with it, counted for the item, not a new inquiry.
    const later = 'Do you transcribe Portuguese calls?';
    await complete(call([later, P1]), call([later]));
    expect(await group(encoder)).toBe(1);
    expect(await groupOf(later)).toBe(key);
    const counted = insightInquiriesResponseSchema.parse(await get(month)).data;
    expect(counted.groups.some((entry) => entry.key === key || entry.examples.includes(later))).toBe(false);
    expect(counted.added).toMatchObject([{ key, occurrences: open.occurrences + 3, phrasings: open.phrasings + 1 }]);
    expect(counted.added[0]).toMatchObject({ laterOccurrences: 2, laterPhrasings: 1 });

    // Marked again as something else: what it was added as changes, not since when.
    const again = await put(key, { as: 'variation', type: 'objection', question: 'Does it work with our CRM?' });
    expect(again.statusCode, again.body).toBe(200);
    const remarked = insightInquiriesResponseSchema.parse(await get(month)).data;
    expect(remarked.added).toMatchObject([
      { key, added: { as: 'variation', type: 'objection', question: 'Does it work with our CRM?' }, laterPhrasings: 1 },
    ]);

    // From a call's timeline, by the phrasing's text (case and spaces aside): the group it is in.
    const byText = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/insights/inquiries/added', headers, payload: payload as object });
    const reseller = await byText({ text: `  ${R1.toUpperCase()} `, added: { as: 'faq', question: R1 } });
    expect(reseller.statusCode, reseller.body).toBe(200);
    const resellerKey = await groupOf(R1);
    expect(reseller.json().data).toEqual({ key: resellerKey, added: { as: 'faq', question: R1 } });
    const listed = insightInquiriesResponseSchema.parse(await get(month)).data;
    expect(listed.groups.some((entry) => entry.key === resellerKey)).toBe(false);
    expect(listed.added.map((entry) => entry.key)).toContain(resellerKey);
    expect((await byText({ text: 'Never asked on a call?', added: { as: 'faq', question: 'Never?' } })).statusCode).toBe(404);

    expect((await put(crypto.randomUUID(), { as: 'faq', question: 'Who?' })).statusCode).toBe(404);
    expect((await put(key, { as: 'variation', question: 'No type' })).statusCode).toBe(400);
    expect((await put('not-a-key', { as: 'faq', question: 'Who?' })).statusCode).toBe(400);
  }, 120_000);
});
