import { asc, count, eq, isNull } from 'drizzle-orm';
import { type Database, openDatabase } from '../../server/db/client';
import { insightInquiryPhrases, matchCalibrations } from '../../server/db/schema';
import {
  createLocalEmbeddingProvider,
  createSentenceEncoderProvider,
  type EmbeddingProvider,
  LOCAL_EMBEDDING_MODEL,
  SENTENCE_ENCODER_MODEL,
} from '../../server/services/matching/embeddings';
import { assignGroups } from '../../server/services/insights/groupAssignment';
import { startInquiryGrouping } from '../../server/services/insights/grouping';
import { recordCalls } from '../../server/services/insights/record';
import { defaultThresholdFor, MATCH_MARGIN } from '../../src/contract/matching';
import { createPostgresDatabase, DB_KINDS } from '../support/apiApp';
import { SAME_QUESTION, SAME_QUESTION_HELD_OUT, STANDS_ALONE, STANDS_ALONE_HELD_OUT } from '../support/inquiryPhrasings';

/**
 * The grouping of new inquiries (docs/insights-grouping.md) with the real default model, on
 * phrasings as customers say them (tests/support/inquiryPhrasings.ts): the job's behaviours, and
 * the cases the rule gets right that must stay right. How well it groups overall, and what it
 * still gets wrong, is measured by `npm run grouping-quality`.
 */

const QUESTIONS = Object.entries({ ...SAME_QUESTION, ...SAME_QUESTION_HELD_OUT });
const ALONE = [...STANDS_ALONE, ...STANDS_ALONE_HELD_OUT];

/** Paraphrases the rule puts in one group, and nothing else with them (cosine and word overlap to the nearest in the doc). */
const GROUPED_CLEANLY: readonly (readonly string[])[] = [
  ['Do you have a reseller program?', 'Is there a partner program for agencies that want to resell your product?'],
  ['Can we become a partner and resell this?', "We'd like to resell this to our own clients, is that possible?"],
  ['Can a manager listen in on a live call?', 'Can my sales manager whisper to the rep while the call is happening?'],
  ['Do you offer discounts for nonprofits?', "We're a registered nonprofit, do you have a reduced rate?"],
  ['Can it post call summaries to Slack?', 'Could the summaries go to a Slack channel after each call?'],
  ['Can our data stay in Canada?', 'Do you have servers in Canada for data residency?'],
  ['Will it work for calls in Japanese or Portuguese?', 'Half our customers are in Brazil, would it understand calls in Portuguese?'],
];
/** Paraphrases the rule puts in one group (with "Can it transcribe voicemails too?", which it cannot tell apart). */
const GROUPED = [...GROUPED_CLEANLY, ['Can it transcribe calls in Portuguese?', 'Do you support Portuguese transcription?']];

/** Single questions the rule keeps alone, among them near misses cosine alone grouped ("speak out loud", "hang up", "two reps"). */
const KEPT_ALONE = [
  'What is your refund policy for annual plans?',
  'Can we pay with a purchase order instead of a credit card?',
  'Who founded the company?',
  'Does it record video as well as audio?',
  'Do you pay a referral bonus when a customer recommends you?',
  'Can we keep the call recordings in our own S3 bucket?',
  'Can managers see a leaderboard of their reps?',
  'Is there a discount if we pay three years upfront?',
  'How many people work at your company?',
  'Is there a limit on how long a call can be?',
  "Does it notice when the customer mentions a competitor's name?",
  'Does the assistant speak out loud to the customer?',
  'Do you integrate with Gong?',
  'Can it tell when the customer is about to hang up?',
  'How does it handle two reps on the same call?',
  'Can it show which rep closes the most deals?',
  'What happens to our data if we cancel?',
  'Can it post to Microsoft Teams chat?',
  'Is it ISO 27001 certified?',
  'Can it count how many times a rep says um?',
  'Is there a dark mode?',
];

/** As calls would bring them: the first wording of each question, some others, the second wordings, and so on. */
const ARRIVALS: string[] = [];
for (let round = 0; round < 4; round += 1) {
  for (const [, wordings] of QUESTIONS) if (wordings[round]) ARRIVALS.push(wordings[round]);
  ARRIVALS.push(...ALONE.slice(round * 7, round * 7 + 7));
}

/** The provider's vectors are deterministic: the second database reuses the first one's instead of embedding again. */
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

describe.each(DB_KINDS)('new-inquiry grouping (%s)', (kind) => {
  let db: Database;
  let close: () => Promise<void>;

  /** Each phrasing arrives as a new inquiry of its own completed call, as the assistant reports them. */
  const arrive = async (texts: readonly string[]) => {
    for (const question of texts)
      await db.transaction((tx) =>
        recordCalls(tx, [
          {
            id: crypto.randomUUID(),
            rep: 'rep@example.com',
            status: 'completed',
            startMs: Date.UTC(2026, 10, 2, 10),
            endMs: Date.UTC(2026, 10, 2, 10, 30),
            transcripts: [{ t: Date.UTC(2026, 10, 2, 10, 5), speaker: 'customer', text: question }],
            detections: [
              {
                seq: 1,
                t: Date.UTC(2026, 10, 2, 10, 5),
                kind: 'new_inquiry',
                category: 'New inquiry',
                question,
                answer: null,
                itemId: null,
              },
            ],
            sentiment: [],
            alerts: 0,
            landmines: [],
          },
        ]),
      );
  };
  const rows = () => db.select().from(insightInquiryPhrases).orderBy(asc(insightInquiryPhrases.createdAt), asc(insightInquiryPhrases.id));
  const groupOf = async () => new Map((await rows()).map((row) => [row.text, row.groupId]));
  const runToCompletion = async (provider: EmbeddingProvider) => {
    const job = startInquiryGrouping({ db, provider }, { autoStart: false });
    let grouped = 0;
    for (let pass = await job.runOnce(); pass > 0; pass = await job.runOnce()) grouped += pass;
    await job.stop();
    return grouped;
  };
  /** The stored groups are what the rule gives over the stored vectors, taken in creation order. */
  const expectCreationOrderGroups = async (model: string, threshold: number) => {
    const stored = await rows();
    expect(stored.every((row) => row.embeddingModel === model && row.groupId !== null)).toBe(true);
    const expected = assignGroups(
      [],
      stored.map((row) => ({ id: row.id, text: row.text, vector: row.embedding! })),
      threshold,
    );
    expect(stored.map((row) => row.groupId)).toEqual(expected.map((assignment) => assignment.groupId));
  };
  let first: Map<string, string | null>;

  beforeAll(async () => {
    const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
    const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: 'memory' });
    db = database.db;
    close = async () => {
      await database.close();
      await postgres?.drop();
    };
    await arrive(ARRIVALS);
  });
  afterAll(() => close?.());

  /** A calibration over too small a dictionary: settled, on the model's default threshold. */
  const calibrated = (model: string) => db.insert(matchCalibrations).values({ model, margin: MATCH_MARGIN, calibratedAt: new Date() });

  it("waits until the model's threshold is settled: calibrated, or set by an admin", async () => {
    expect(await runToCompletion(encoder)).toBe(0);
    expect((await rows()).every((row) => row.groupId === null && row.embedding === null)).toBe(true);
    await calibrated(SENTENCE_ENCODER_MODEL);
  });

  it('groups every phrasing, oldest first, by the rule over the stored vectors and texts at the matching threshold', async () => {
    expect(await runToCompletion(encoder)).toBe(ARRIVALS.length);
    await expectCreationOrderGroups(SENTENCE_ENCODER_MODEL, defaultThresholdFor(SENTENCE_ENCODER_MODEL));
    first = await groupOf();
    // A group is named after its first phrasing.
    const stored = await rows();
    for (const row of stored) expect(stored.find((other) => other.groupId === row.groupId)!.id).toBe(row.groupId);
  }, 120_000);

  const together = (wordings: readonly string[]) => {
    expect(new Set(wordings.map((text) => first.get(text))).size).toBe(1);
  };
  const apartFromOthers = (wordings: readonly string[]) => {
    const own = new Set(wordings);
    const groups = new Set(wordings.map((text) => first.get(text)));
    const intruders = [...first].filter(([text, group]) => !own.has(text) && groups.has(group)).map(([text]) => text);
    expect(intruders).toEqual([]);
  };

  it.each(GROUPED.map((wordings) => [wordings[0], wordings]))('puts the paraphrases of "%s" in one group', (_, wordings) =>
    together(wordings),
  );
  it.each(GROUPED_CLEANLY.map((wordings) => [wordings[0], wordings]))(
    'keeps every other question out of the group of "%s"',
    (_, wordings) => apartFromOthers(wordings),
  );
  it.each(KEPT_ALONE)('keeps "%s" in a group of its own', (text) => apartFromOthers([text]));

  it('is sticky: another pass regroups nothing, and a threshold change only applies to phrasings grouped after it', async () => {
    const before = await rows();
    expect(await runToCompletion(encoder)).toBe(0);
    expect(await rows()).toEqual(before);

    await arrive(['Do you transcribe Portuguese calls?']);
    expect(await runToCompletion(encoder)).toBe(1);
    expect((await groupOf()).get('Do you transcribe Portuguese calls?')).toBe(first.get('Can it transcribe calls in Portuguese?'));

    // An admin's threshold no phrasing pair here reaches: earlier groups stay, the new phrasing starts its own.
    const admin = (adminThreshold: number | null) =>
      db.update(matchCalibrations).set({ adminThreshold }).where(eq(matchCalibrations.model, SENTENCE_ENCODER_MODEL));
    await admin(0.95);
    await arrive(['Any chance it handles Portuguese-speaking customers?']);
    expect(await runToCompletion(encoder)).toBe(1);
    const after = await rows();
    expect(after.slice(0, before.length)).toEqual(before);
    const newest = after.find((row) => row.text === 'Any chance it handles Portuguese-speaking customers?')!;
    expect(newest.groupId).toBe(newest.id);
    await admin(null);
  }, 60_000);

  it('groups everything again with a new model, from scratch and in creation order, and back', async () => {
    const total = (await rows()).length;
    await calibrated(LOCAL_EMBEDDING_MODEL);
    expect(await runToCompletion(hashed)).toBe(total);
    await expectCreationOrderGroups(LOCAL_EMBEDDING_MODEL, defaultThresholdFor(LOCAL_EMBEDDING_MODEL));

    expect(await runToCompletion(encoder)).toBe(total);
    await expectCreationOrderGroups(SENTENCE_ENCODER_MODEL, defaultThresholdFor(SENTENCE_ENCODER_MODEL));
    const again = await groupOf();
    for (const text of ARRIVALS) expect(again.get(text), text).toBe(first.get(text));
  }, 120_000);

  it('two passes at once (two servers) group each phrasing once, as one pass would', async () => {
    await arrive([
      'Can the assistant run on a Chromebook?',
      'Will it run on Chromebooks?',
      'Do you offer a discount for startups?',
      'Is there startup pricing?',
      'Can it transcribe calls in Spanish?',
    ]);
    const jobs = [
      startInquiryGrouping({ db, provider: encoder }, { autoStart: false }),
      startInquiryGrouping({ db, provider: encoder }, { autoStart: false }),
    ];
    let grouped = 0;
    for (;;) {
      const passes = await Promise.all(jobs.map((job) => job.runOnce()));
      grouped += passes[0] + passes[1];
      if (passes[0] === 0 && passes[1] === 0) break;
    }
    await Promise.all(jobs.map((job) => job.stop()));
    expect(grouped).toBe(5);
    await expectCreationOrderGroups(SENTENCE_ENCODER_MODEL, defaultThresholdFor(SENTENCE_ENCODER_MODEL));
  }, 60_000);

  it('leaves phrasings ungrouped while the provider fails, backs off, and groups them once it answers', async () => {
    await arrive(['Can we get invoices in euros?']);
    let failing = true;
    const flaky: EmbeddingProvider = {
      model: SENTENCE_ENCODER_MODEL,
      embed: async (texts, signal) => {
        if (failing) throw new Error('embedding endpoint down');
        return encoder.embed(texts, signal);
      },
    };
    const warnings: object[] = [];
    const job = startInquiryGrouping({
      db,
      provider: flaky,
      intervalMs: 20,
      initialBackoffMs: 20,
      maxBackoffMs: 40,
      log: { warn: (payload) => warnings.push(payload) },
    });
    try {
      await vi.waitFor(() => expect(warnings.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
      expect(warnings[0]).toMatchObject({ event: 'insights.grouping_failed', err: 'embedding endpoint down', retryInMs: 20 });
      expect(warnings[1]).toMatchObject({ retryInMs: 40 });
      const [pending] = await db.select({ n: count() }).from(insightInquiryPhrases).where(isNull(insightInquiryPhrases.groupId));
      expect(pending.n).toBe(1);
      failing = false;
      await vi.waitFor(async () => expect((await groupOf()).get('Can we get invoices in euros?')).not.toBeNull(), { timeout: 10_000 });
    } finally {
      await job.stop();
    }
  }, 30_000);
});
