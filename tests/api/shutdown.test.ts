import { connect, type Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { apiErrorSchema, ERROR_CODES } from '../../src/contract/common';
import { testApp, type TestApp } from '../support/apiApp';

// A server that stops (a deploy, a scale-down) while a client's keep-alive connection is busy:
// the request already running finishes, and the next one on that connection gets the API's
// own 503 body, so a client or load balancer knows to retry elsewhere.

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits what arrived on one connection into its HTTP/1.1 answers (each with a Content-Length). */
const parseAnswers = (raw: string): RawAnswer[] => {
  const answers: RawAnswer[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length']);
    const bodyStart = end + 4;
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(bodyStart, bodyStart + length) });
    rest = rest.slice(bodyStart + length);
  }
  return answers;
};

describe('a request that reaches a stopping server', () => {
  const gate = { open: () => {}, entered: () => {} };
  let t: TestApp;
  let socket: Socket;

  beforeAll(async () => {
    // Holds GET /api/health until the test opens it, so the server stops while it runs.
    const holdHealth = (route: RouteOptions) => {
      if (route.method !== 'GET' || route.url !== '/api/health') return;
      const handler = route.handler;
      route.handler = async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
        gate.entered();
        await new Promise<void>((done) => (gate.open = done));
        return handler.call(this as never, request, reply);
      } as RouteOptions['handler'];
    };
    t = await testApp('pglite', { onRoute: holdHealth });
  });
  afterAll(async () => {
    socket?.destroy();
    await t?.close();
  });

  it('finishes the running request, then answers 503 SHUTTING_DOWN in the API shape with Connection: close', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
    expect(address.address).toBe('127.0.0.1');

    socket = connect({ host: '127.0.0.1', port: address.port });
    let raw = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (raw += chunk));
    const ended = new Promise<void>((done) => socket.once('close', () => done()));
    const entered = new Promise<void>((done) => (gate.entered = done));
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    await entered;

    const closed = t.app.close();
    // The server stops accepting connections once its pre-close hooks ran.
    await vi.waitFor(() => expect(t.app.server.listening).toBe(false), { timeout: 10_000, interval: 5 });
    socket.write('GET /api/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    gate.open();
    await ended;
    await closed;

    const [running, refused, ...more] = parseAnswers(raw);
    expect(more).toEqual([]);
    expect(running?.status).toBe(200);
    expect(JSON.parse(running?.body ?? '')).toEqual({ status: 'ok' });
    expect(refused?.status).toBe(503);
    expect(refused?.headers.connection).toBe('close');
    expect(refused?.headers['retry-after']).toBe('1');
    const body = apiErrorSchema.strict().parse(JSON.parse(refused?.body ?? ''));
    expect(body).toMatchObject({ error: ERROR_CODES.shuttingDown, message: 'This server is stopping. Try again in a moment.' });
    expect(refused?.headers['x-request-id']).toBe(body.requestId);
  });
});
