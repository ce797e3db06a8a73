import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError } from 'react-admin';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { errorText } from '../../src/dataProvider/errorText';
import { readFailure, retryDelay, shouldRetryQuery } from '../../src/dataProvider/queryClient';

describe('errorText', () => {
  it("shows the server's message when it answered with its error body", () => {
    const error = new HttpError('Too many requests. Please wait 3 seconds and try again.', 429, {
      error: 'RATE_LIMITED',
      message: 'Too many requests. Please wait 3 seconds and try again.',
    });
    expect(errorText(error, 'app.fallback')).toBe('Too many requests. Please wait 3 seconds and try again.');
  });

  it("falls back to the action's text when the server sent no error body", () => {
    const error = new HttpError('HTTP 500: Internal Server Error', 500, { error: 'API_ERROR', message: 'HTTP 500: Internal Server Error' });
    expect(errorText(error, 'app.fallback')).toBe('app.fallback');
    expect(errorText(new Error('boom'), 'app.fallback')).toBe('app.fallback');
    expect(errorText(null, 'app.fallback')).toBe('app.fallback');
  });

  it("shows the action's text, never the http client's network or timeout text nor a generic 5xx", () => {
    const network = new HttpError('app.http.networkError', 0, { error: 'NETWORK_ERROR', message: 'app.http.networkError' });
    const timeout = new HttpError('app.http.timeout', 408, { error: 'TIMEOUT', message: 'app.http.timeout' });
    const internal = new HttpError('Internal server error', 500, {
      error: 'INTERNAL_ERROR',
      message: 'Internal server error',
      requestId: '1',
    });
    for (const error of [network, timeout, internal]) expect(errorText(error, 'app.fallback')).toBe('app.fallback');
  });

  it("keeps the server's worded refusals and the session-expired text", () => {
    const expired = new HttpError('app.auth.sessionExpired', 401, { error: 'AUTHENTICATION_FAILED', message: 'app.auth.sessionExpired' });
    expect(errorText(expired, 'app.fallback')).toBe('app.auth.sessionExpired');
    const refused = new HttpError('You cannot disable your own account', 400, {
      error: 'VALIDATION_ERROR',
      message: 'You cannot disable your own account',
    });
    expect(errorText(refused, 'app.fallback')).toBe('You cannot disable your own account');
  });
});

describe('shouldRetryQuery', () => {
  const failure = (status: number) => new HttpError('failed', status, {});
  it('retries dropped connections and server errors, at most twice, 1 s then 2 s apart', () => {
    for (const status of [0, 500, 502]) {
      expect(shouldRetryQuery(0, failure(status)), String(status)).toBe(true);
      expect(shouldRetryQuery(2, failure(status)), String(status)).toBe(false);
    }
    expect([0, 1].map(retryDelay)).toEqual([1_000, 2_000]);
  });
  it('never retries a refusal, a 429 that says how long to wait, an unreachable sign-in service, or a timeout', () => {
    for (const status of [400, 401, 403, 404, 409, 429, 503, 408]) expect(shouldRetryQuery(0, failure(status)), String(status)).toBe(false);
  });
});

describe('readFailure', () => {
  const serverError = new HttpError('x', 500, {});
  it('shows the first failed attempt while react-query retries, and says a retry is under way', () => {
    expect(readFailure({ error: null, failureReason: serverError, isFetching: true })).toEqual({ failure: serverError, retrying: true });
    expect(readFailure({ error: serverError, failureReason: serverError, isFetching: false })).toEqual({
      failure: serverError,
      retrying: false,
    });
    expect(readFailure({ error: null, failureReason: null, isFetching: true })).toEqual({ failure: null, retrying: false });
  });
  it('never says it is retrying a refusal', () => {
    const refusal = new HttpError('x', 400, {});
    expect(readFailure({ error: null, failureReason: refusal, isFetching: true }).retrying).toBe(false);
  });
});

describe('a hung backend', () => {
  let server: Server;
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('times out a response whose body never ends, as it does one whose headers never come', async () => {
    // a real loopback server that answers 200, sends half a JSON body and then stalls
    server = createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      if (request.url?.includes('half')) response.write('{"success":true,');
      else response.flushHeaders();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = createHttpClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: async () => 'token',
      refreshToken: async () => 'token',
      onAuthFailure: () => undefined,
      timeoutMs: 200,
    });
    await expect(client.request('/half')).rejects.toMatchObject({ status: 408, body: { error: 'TIMEOUT' } });
    await expect(client.request('/headers-only')).rejects.toMatchObject({ status: 408, body: { error: 'TIMEOUT' } });
  });
});
