import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { seedSessions } from '../../server/seed/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

// Clients that give up on a reused read (plugins/readCache.ts) over a real socket: the read runs
// once for everyone asking the same URL, and a client that left is no server error.
const LIST = '/api/admin/sessions?page=1&limit=50';

interface LogLine {
  level: number;
  msg: string;
  url?: string;
}

/** The sessions list's handler, held at a gate the test opens, counting the reads it makes. */
const gatedList = () => {
  const state = {
    reads: 0,
    fail: false,
    gate: Promise.resolve(),
    open: () => {},
    /** Resolves with the socket-closed promise of the request that began each read. */
    began: [] as Array<(read: { closed: Promise<void> }) => void>,
  };
  const onRoute = (route: RouteOptions) => {
    if (route.method !== 'GET' || route.url !== '/api/admin/sessions') return;
    const handler = route.handler;
    route.handler = async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
      state.reads += 1;
      const closed = new Promise<void>((done) => request.raw.socket.once('close', () => done()));
      state.began.shift()?.({ closed });
      await state.gate;
      if (state.fail) throw new Error('the database went away');
      return handler.call(this as never, request, reply);
    } as RouteOptions['handler'];
  };
  return {
    state,
    onRoute,
    /** Holds the next reads until `open()`; resolves once the next read began, with its socket's closing. */
    hold: () => {
      state.gate = new Promise((done) => (state.open = done));
      return new Promise<{ closed: Promise<void> }>((done) => state.began.push(done));
    },
  };
};

describe.each(DB_KINDS)('a client that leaves a reused read (%s)', (kind) => {
  const list = gatedList();
  const lines: LogLine[] = [];
  let t: TestApp;
  let base: string;
  let headers: Record<string, string>;
  const get = (url: string, signal?: AbortSignal) => fetch(base + url, { headers, signal });
  /** Resolves once `count` requests have joined a read already running (logged at debug). */
  const joined = (count: number) =>
    vi.waitFor(() => expect(lines.filter((line) => line.msg === 'joins the same read, already running')).toHaveLength(count), {
      timeout: 20_000,
      interval: 5,
    });
  const errors = () => lines.filter((line) => line.level >= 50);

  beforeAll(async () => {
    t = await testApp(kind, {
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
      onRoute: list.onRoute,
    });
    headers = (await t.createAdmin()).headers;
    await seedSessions({ db: t.db, count: 30, seed: 5 });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    list.state.reads = 0;
    list.state.fail = false;
    lines.length = 0;
  });

  it('reads once for the client that left and the one asking again, and logs no error', async () => {
    const url = `${LIST}&search=`;
    const began = list.hold();
    const leaving = new AbortController();
    const left = get(url, leaving.signal).catch((error: unknown) => error);
    const { closed } = await began;
    leaving.abort();
    expect(await left).toMatchObject({ name: 'AbortError' });
    await closed;
    const again = get(url);
    if (kind === 'pglite') await joined(1);
    list.state.open();
    const answer = await again;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { pagination: { total: number } }).pagination.total).toBe(30);
    // PGlite shares the read; PostgreSQL, which keeps nothing, reads for each request.
    expect(list.state.reads).toBe(kind === 'pglite' ? 1 : 2);
    expect(errors()).toEqual([]);
  });

  it('answers every other waiter when one of them leaves', async () => {
    const url = `${LIST}&status=completed`;
    const began = list.hold();
    const first = get(url);
    await began;
    const leaving = new AbortController();
    const left = get(url, leaving.signal).catch((error: unknown) => error);
    const third = get(url);
    // PGlite: both join the first read; PostgreSQL: each reads for itself.
    if (kind === 'pglite') await joined(2);
    else await vi.waitFor(() => expect(list.state.reads).toBe(3), { timeout: 20_000, interval: 5 });
    leaving.abort();
    expect(await left).toMatchObject({ name: 'AbortError' });
    list.state.open();
    const [a, c] = await Promise.all([first, third]);
    expect([a.status, c.status]).toEqual([200, 200]);
    expect(await c.text()).toBe(await a.text());
    expect(list.state.reads).toBe(kind === 'pglite' ? 1 : 3);
    expect(errors()).toEqual([]);
  });

  it('logs a read that failed after its client left at info, and answers nothing', async () => {
    const url = `${LIST}&status=failed`;
    const began = list.hold();
    const leaving = new AbortController();
    const left = get(url, leaving.signal).catch((error: unknown) => error);
    const { closed } = await began;
    list.state.fail = true;
    leaving.abort();
    expect(await left).toMatchObject({ name: 'AbortError' });
    await closed;
    list.state.open();
    await vi.waitFor(
      () => expect(lines.find((line) => line.msg === 'the client closed the request before its answer')).toMatchObject({ level: 30 }),
      { timeout: 20_000, interval: 5 },
    );
    expect(errors()).toEqual([]);

    // A client still there gets the 500 and its request id, as before.
    const served = get(url);
    list.state.fail = true;
    const failed = await served;
    expect(failed.status).toBe(500);
    expect(errors().map((line) => line.msg)).toEqual(['request failed']);
  });
});
