import type { AddressInfo } from 'node:net';
import { simulateCall } from '../../scripts/simulateCall';
import { eventsOf } from '../../scripts/simulatedEvents';
import { generateSession } from '../../server/seed/sessions';
import { testApp, type TestApp } from '../support/apiApp';
import { createKey } from '../support/assistant';

describe('simulate-call names a competitor of the configuration', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let url: string;

  beforeAll(async () => {
    t = await testApp('pglite');
    admin = (await t.createAdmin()).headers;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  it('has the customer say an active battlecard’s name once, and sends that mention with its battlecard', () => {
    const session = generateSession(0, { seed: 5, now: Date.parse('2026-05-01T12:00:00Z'), transcripts: 40 });
    const cards = [{ id: 'card-1', name: 'Gong', otherNames: ['Gong.io'] }];
    const events = eventsOf(session, Date.parse('2026-06-01T09:00:00Z'), {
      items: new Map(),
      landmines: new Map(),
      battlecards: cards,
    }).map(({ event }) => event);
    const said = events.filter((event) => event.type === 'transcript' && String(event.text).includes('Gong'));
    expect(said).toEqual([expect.objectContaining({ speaker: 'customer', text: 'We are also talking to Gong. Why should we pick you?' })]);
    const mentions = events.filter((event) => event.type === 'competitor');
    expect(mentions).toEqual([
      expect.objectContaining({ battlecardId: 'card-1', name: 'Gong', speaker: 'customer', timestamp: said[0].timestamp }),
    ]);
    expect(mentions[0].seq).toBeGreaterThan(said[0].seq);
    expect(eventsOf(session, 0).some((event) => event.event.type === 'competitor')).toBe(false);
  });

  it('streams the mention through the API: the call’s detail shows it under the battlecard', async () => {
    const call = (payload: object) => t.app.inject({ method: 'POST', url: '/api/battlecards', headers: admin, payload });
    const chorus = (await call({ name: 'Chorus', otherNames: ['Chorus.ai'] })).json();
    await call({ name: 'Retired Co', isActive: false });
    const { key } = await createKey(t, admin, ['config:read', 'sessions:write']);
    const sessionId = await simulateCall({ key, url, speed: Infinity, transcripts: 12, seed: 7, batch: 50, log: () => undefined });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/sessions/${sessionId}`, headers: admin })).json().data;
    expect(detail.transcripts.filter((line: { text: string }) => line.text.includes('Chorus'))).toHaveLength(1);
    expect(detail.competitors).toEqual([
      expect.objectContaining({ speaker: 'customer', name: 'Chorus', battlecardId: chorus.id, battlecardName: 'Chorus' }),
    ]);
  });
});
