import { sql } from 'drizzle-orm';
import { seedDictionary } from '../../server/seed/seedDictionary';
import { LABEL_FALSE_FIRE_RATE, labelWhatIf, matchingCalibrateResponseSchema, plausibleRangeFor } from '../../src/contract/matching';
import { phraseLabelContract } from '../../src/contract/phraseLabels';
import { DB_KINDS } from '../support/apiApp';
import { adminTestApp, rowsOf } from '../support/adminApp';
import { createKey, sessionBody, transcript } from '../support/assistant';

const SAID = {
  price: 'Honestly the price feels a bit steep for a team our size.',
  weather: 'Lovely weather we are having today.',
  promise: 'Trust me, this pays for itself within a quarter.',
};

/**
 * The labelled phrases (docs/matching.md "Labelled phrases"): created from a call's utterances, audited without
 * their words, listed and filtered, undone, and gone with their call.
 */
describe.each(DB_KINDS)('labelled phrases (%s)', (kind) => {
  const ctx = adminTestApp(kind);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.t.app.inject({ method, url, headers: ctx.headers, ...(payload ? { payload } : {}) });
  let sessionId: string;
  let objectionId: string;
  let landmineId: string;

  beforeAll(async () => {
    const key = (await createKey(ctx.t, ctx.headers, ['sessions:write'])).headers;
    const body = sessionBody();
    sessionId = body.sessionId;
    const post = (url: string, payload: object) => ctx.t.app.inject({ method: 'POST', url: `/api/assistant${url}`, headers: key, payload });
    expect((await post('/sessions', body)).statusCode).toBe(201);
    const events = [
      transcript(1, 5, 'customer', SAID.price),
      transcript(2, 9, 'customer', SAID.weather),
      transcript(3, 12, 'salesperson', SAID.promise),
    ];
    expect((await post(`/sessions/${sessionId}/events`, { events })).statusCode).toBe(200);
    objectionId = (await call('POST', '/api/dictionary/objections', { question: 'It is too expensive.', answer: 'ROI' })).json().data._id;
    const mine = await call('POST', '/api/landmines', { trigger: 'Guaranteed payback', category: 'Compliance', priority: 'high' });
    landmineId = mine.json().landmine._id;
  });

  const audits = (action: string) =>
    rowsOf<{ target_id: string; changes: Record<string, { from: unknown; to: unknown }> }>(
      ctx.t,
      sql`select target_id, changes from audit_log where action = ${action} order by at, id`,
    );

  it('stores a label on an utterance with its item, who and when, once, and audits it without the words', async () => {
    const label = { sessionId, text: SAID.price, speaker: 'customer', kind: 'right', itemType: 'objection', itemId: objectionId };
    const created = await call('POST', '/api/phrase-labels', label);
    expect(created.statusCode, created.body).toBe(201);
    const record = phraseLabelContract.record.parse(created.json());
    expect(record).toMatchObject({ ...label, itemName: 'It is too expensive.' });
    expect(record.createdBy).toMatch(/@/);
    const again = await call('POST', '/api/phrase-labels', label);
    expect(again.json().id).toBe(record.id);
    const rows = await audits('phraseLabel.create');
    expect(rows).toHaveLength(1);
    expect(rows[0].target_id).toBe(record.id);
    expect(rows[0].changes.kind).toEqual({ from: null, to: 'right' });
    expect(JSON.stringify(rows[0].changes)).not.toContain('steep');
  });

  it('refuses a text the speaker never said, an item heard on the other side, an unknown item, and an item on "nothing"', async () => {
    const base = { sessionId, speaker: 'customer', kind: 'shouldFire', itemType: 'objection', itemId: objectionId };
    const notSaid = await call('POST', '/api/phrase-labels', { ...base, text: 'Something nobody said.' });
    expect([notSaid.statusCode, notSaid.json().error]).toEqual([400, 'LABEL_NOT_AN_UTTERANCE']);
    const otherSide = await call('POST', '/api/phrase-labels', { ...base, text: SAID.price, itemType: 'landmine', itemId: landmineId });
    expect([otherSide.statusCode, otherSide.json().error]).toEqual([400, 'LABEL_SIDE_MISMATCH']);
    const unknown = await call('POST', '/api/phrase-labels', { ...base, text: SAID.price, itemId: landmineId });
    expect(unknown.statusCode).toBe(404);
    const nothingWithItem = await call('POST', '/api/phrase-labels', { ...base, text: SAID.weather, kind: 'nothing' });
    expect(nothingWithItem.statusCode).toBe(400);
    const noCall = await call('POST', '/api/phrase-labels', { ...base, sessionId: 'no-such-call', text: SAID.price });
    expect(noCall.statusCode).toBe(404);
  });

  it('lists the labels filtered by kind and item, gives a call its own, and undoes one (audited)', async () => {
    const nothing = await call('POST', '/api/phrase-labels', { sessionId, text: SAID.weather, speaker: 'customer', kind: 'nothing' });
    expect(nothing.statusCode, nothing.body).toBe(201);
    const mine = await call('POST', '/api/phrase-labels', {
      sessionId,
      text: SAID.promise,
      speaker: 'salesperson',
      kind: 'shouldFire',
      itemType: 'landmine',
      itemId: landmineId,
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const list = (filter: object) =>
      call('GET', `/api/phrase-labels?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=["createdAt","ASC"]`);
    const all = await list({});
    expect(all.headers['content-range']).toBe('phrase-labels 0-2/3');
    expect((await list({ kind: 'nothing' })).json().map((row: { text: string }) => row.text)).toEqual([SAID.weather]);
    expect((await list({ itemName: 'guaranteed' })).json().map((row: { itemId: string }) => row.itemId)).toEqual([landmineId]);
    expect((await list({ sessionId })).json()).toHaveLength(3);

    const undone = await call('DELETE', `/api/phrase-labels/${nothing.json().id}`);
    expect(undone.statusCode).toBe(200);
    expect((await call('GET', `/api/phrase-labels/${nothing.json().id}`)).statusCode).toBe(404);
    const deleted = await audits('phraseLabel.delete');
    expect(deleted.map((row) => [row.target_id, row.changes.kind])).toEqual([[nothing.json().id, { from: 'nothing', to: null }]]);
  });

  it('goes with its call when the call is erased, text and vectors included', async () => {
    expect((await rowsOf<{ n: number }>(ctx.t, sql`select count(*)::int as n from phrase_labels`))[0].n).toBe(2);
    await ctx.t.db.execute(
      sql`insert into phrase_label_vectors (label_id, model, vector) select id, 'm', array[1, 0]::real[] from phrase_labels`,
    );
    expect((await call('DELETE', `/api/admin/sessions/${sessionId}`)).statusCode).toBe(200);
    const left = await rowsOf<{ labels: number; vectors: number }>(
      ctx.t,
      sql`select (select count(*)::int from phrase_labels) as labels, (select count(*)::int from phrase_label_vectors) as vectors`,
    );
    expect(left[0]).toEqual({ labels: 0, vectors: 0 });
    const everyAudit = await rowsOf<{ changes: unknown }>(ctx.t, sql`select changes from audit_log where action like 'phraseLabel.%'`);
    expect(JSON.stringify(everyAudit)).not.toMatch(/steep|weather|quarter/);
  });
});

const SMALL_TALK = [
  'Can you hear me all right?',
  'Sorry, my dog is barking in the background.',
  'Let me just close the door.',
  'Good morning, how was your weekend?',
  'I will share my screen in a second.',
  'Hold on, someone is at the door.',
];

/** docs/matching.md "Labelled phrases": the objections' threshold calibrates on labels from LABELS_MINIMUM on, and says so. */
describe.each(DB_KINDS)('calibration from labelled phrases (%s)', (kind) => {
  const ctx = adminTestApp(kind, (t) => seedDictionary({ db: t.db }));
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await ctx.t.app.inject({ method, url, headers: ctx.headers, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const recalibrate = async () => matchingCalibrateResponseSchema.parse(await call('POST', '/api/dictionary/matching/calibrate')).data;

  /** Six calls, each saying six variations of the seed's items in other words and two lines of small talk, all labelled. */
  const labelCalls = async (calls: number) => {
    const key = (await createKey(ctx.t, ctx.headers, ['sessions:write'])).headers;
    const variations = await rowsOf<{ question: string; parent_id: string; kind: 'objection' | 'faq' }>(
      ctx.t,
      sql`select question, parent_id, kind from dictionary_items where parent_id is not null order by question limit ${calls * 6}`,
    );
    for (let c = 0; c < calls; c += 1) {
      const body = sessionBody();
      const said = variations.slice(c * 6, c * 6 + 6).map((row) => ({ ...row, text: `So, basically, ${row.question.toLowerCase()}` }));
      const chatter = SMALL_TALK.slice(c % 3, (c % 3) + 2);
      const events = [...said.map((row) => row.text), ...chatter].map((text, seq) => transcript(seq + 1, seq * 5, 'customer', text));
      const post = (url: string, payload: object) =>
        ctx.t.app.inject({ method: 'POST', url: `/api/assistant${url}`, headers: key, payload });
      expect((await post('/sessions', body)).statusCode).toBe(201);
      expect((await post(`/sessions/${body.sessionId}/events`, { events })).statusCode).toBe(200);
      for (const row of said)
        await call('POST', '/api/phrase-labels', {
          sessionId: body.sessionId,
          text: row.text,
          speaker: 'customer',
          kind: 'shouldFire',
          itemType: row.kind,
          itemId: row.parent_id,
        });
      for (const text of chatter)
        await call('POST', '/api/phrase-labels', { sessionId: body.sessionId, text, speaker: 'customer', kind: 'nothing' });
    }
  };

  it('keeps the dictionary calibration below the minimum, then the lowest threshold that keeps false fires within the goal', async () => {
    await labelCalls(2);
    const few = await recalibrate();
    expect(few.labelsNow.customer).toEqual({ labels: 16, calls: 2 });
    expect(few.labelsUsed).toEqual({ labels: 0, calls: 0 });
    expect(few.labelSample).toHaveLength(16);
    const dictionaryThreshold = few.threshold;

    await labelCalls(4);
    const enough = await recalibrate();
    expect(enough.labelsNow.customer).toEqual({ labels: 48, calls: 6 });
    expect(enough.labelsUsed).toEqual({ labels: 48, calls: 6 });
    const sample = enough.labelSample!;
    const { min } = plausibleRangeFor(enough.model);
    const within = (threshold: number) => {
      const { wrongRate, nothingRate } = labelWhatIf(sample, threshold, enough.margin);
      return wrongRate <= LABEL_FALSE_FIRE_RATE && nothingRate <= LABEL_FALSE_FIRE_RATE;
    };
    expect(within(enough.threshold)).toBe(true);
    if (enough.threshold > min) expect(within(enough.threshold - 0.001)).toBe(false);
    expect(enough.calibratedThreshold).toBe(enough.threshold);
    expect(labelWhatIf(sample, enough.threshold).rightRate).toBeGreaterThanOrEqual(labelWhatIf(sample, dictionaryThreshold).rightRate);
    const [audit] = await rowsOf<{ changes: Record<string, { from: unknown; to: unknown }> }>(
      ctx.t,
      sql`select changes from audit_log where action = 'matching.calibrate' order by id desc limit 1`,
    );
    expect(audit.changes.labelsUsed).toEqual({ from: 0, to: 48 });
  });
});
