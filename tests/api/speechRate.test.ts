import { asc } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema';
import { adminTestApp } from '../support/adminApp';
import { DB_KINDS } from '../support/apiApp';

describe.each(DB_KINDS)('speech-rate settings (%s)', (kind) => {
  const admin = adminTestApp(kind);

  const get = () => admin.t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: admin.headers });
  const put = (payload: unknown) =>
    admin.t.app.inject({ method: 'PUT', url: '/api/speech-rate', headers: admin.headers, payload: payload as object });

  it('answers the spec defaults (enabled, 30 s, 150 words) before anything is saved', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    // version 0: nothing saved yet (docs/api.md "Versions")
    expect(response.json()).toEqual({ success: true, data: { enabled: true, time_window: 30, max_words: 150, version: 0 } });
  });

  it('saves settings and reads them back', async () => {
    const saved = await put({ enabled: false, time_window: 45, max_words: 200 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, data: { enabled: false, time_window: 45, max_words: 200, version: 1 } });
    expect((await get()).json()).toEqual({ success: true, data: { enabled: false, time_window: 45, max_words: 200, version: 1 } });
  });

  it.each([
    { time_window: 1, max_words: 1 },
    { time_window: 120, max_words: 500 },
  ])('accepts the boundary values %o', async (values) => {
    const response = await put({ enabled: true, ...values });
    expect(response.statusCode).toBe(200);
    expect((await get()).json().data).toEqual({ enabled: true, ...values, version: expect.any(Number) });
  });

  it.each([
    ['time_window', 0],
    ['time_window', 121],
    ['max_words', 0],
    ['max_words', 501],
    ['time_window', 30.5],
  ])('refuses %s = %s with 400 VALIDATION_ERROR naming the field', async (field, value) => {
    const before = (await get()).json();
    const response = await put({ enabled: true, time_window: 30, max_words: 150, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.stringContaining(field) });
    expect(response.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: `body.${field}` })]));
    expect((await get()).json()).toEqual(before);
  });

  it.each([
    ['an unknown key', { enabled: true, time_window: 30, max_words: 150, extra: 1 }],
    ['a string number', { enabled: true, time_window: '30', max_words: 150 }],
    ['a string boolean', { enabled: 'true', time_window: 30, max_words: 150 }],
    ['a missing field', { enabled: true, time_window: 30 }],
    ['null', null],
    ['an array', [1, 2]],
    ['no body', undefined],
  ])('refuses %s with 400', async (_label, payload) => {
    const response = await admin.t.app.inject({
      method: 'PUT',
      url: '/api/speech-rate',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: payload === undefined ? '' : JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('writes exactly one audit row per change, with the changed fields only', async () => {
    await put({ enabled: true, time_window: 30, max_words: 150 });
    const startId = (await admin.t.db.select().from(auditLog).orderBy(asc(auditLog.id))).at(-1)?.id ?? 0;

    await put({ enabled: true, time_window: 60, max_words: 150 });
    await put({ enabled: false, time_window: 60, max_words: 300 });
    await put({ enabled: true, time_window: 61, max_words: 0 });

    const rows = (await admin.t.db.select().from(auditLog).orderBy(asc(auditLog.id))).filter((row) => row.id > startId);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorUid: admin.adminUid,
      action: 'speechRate.update',
      targetType: 'speechRate',
      targetId: '1',
      changes: { time_window: { from: 30, to: 60 } },
    });
    expect(rows[1].changes).toEqual({ enabled: { from: true, to: false }, max_words: { from: 150, to: 300 } });
    expect(rows[1].at).toBeInstanceOf(Date);
  });
});
