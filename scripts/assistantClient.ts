/**
 * The reference assistant's HTTP client for the portal's assistant API (docs/api.md
 * "Retries"): a service key as bearer credentials, JSON in and out, and each request retried
 * through an outage, as it was, for at least RETRY_BUDGET_MS.
 */

export interface AssistantClientOptions {
  /** The service key (`scak_...`). */
  key: string;
  /** The portal's base URL. */
  url: string;
  log: (line: string) => void;
  /** How long each request is retried through an outage; default RETRY_BUDGET_MS. */
  retryForMs?: number;
}

/**
 * How long one request (the configuration read, the session's creation, a batch, the
 * completion) is retried through an outage before the client gives up: a real assistant keeps
 * its call through at least this long without the server (docs/api.md "Retries").
 */
export const RETRY_BUDGET_MS = 60_000;
/** The wait after a first failure; it doubles with each failure in a row, up to the cap. */
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** An attempt without an answer by then counts as a network failure (and is retried). */
const ATTEMPT_TIMEOUT_MS = 30_000;

/** The server answered with an error status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The wait the server asked for (Retry-After), if it did. */
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

/** No answer: the connection was refused, reset or closed, or the attempt timed out. */
class NetworkError extends Error {}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Worth another try: no answer, 408, 429 and 5xx. The other 4xx are the client's own mistake
 * (a bad key, a missing scope, an invalid event), which sending again cannot mend. The
 * protocol's "already done" answers need no exception here: a resent start, batch or completion
 * answers 2xx (the same session, the batch's seqs counted as duplicates, the same completion).
 */
const retryable = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && (error.status === 408 || error.status === 429 || error.status >= 500));

/** Retry-After in seconds or as an HTTP date (RFC 9110 10.2.3); null when absent or unreadable. */
export const retryAfterMsOf = (header: string | null, now = Date.now()): number | null => {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1_000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
};

/**
 * The wait before the next attempt after `failures` failures in a row: exponential back-off
 * with jitter (between half and all of the step, so clients cut off together do not come back
 * together), and never sooner than the server's Retry-After.
 */
export const backoffMs = (failures: number, retryAfterMs: number | null = null, random = Math.random): number => {
  const step = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (failures - 1));
  return Math.max(retryAfterMs ?? 0, Math.round(step / 2 + random() * (step / 2)));
};

const seconds = (ms: number) => Math.round(ms / 100) / 10;

const causeOf = (error: unknown): string => {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer in ${seconds(ATTEMPT_TIMEOUT_MS)} s`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : null;
  return detail ? `${message}: ${detail}` : message;
};

/** An error answer's `{ error, message }`; a proxy in front of the server may answer a page that is not JSON. */
const errorBodyOf = (text: string): { error?: string; message?: string } => {
  try {
    return text ? (JSON.parse(text) as { error?: string; message?: string }) : {};
  } catch {
    return {};
  }
};

export const createAssistantClient = ({ key, url, log, retryForMs = RETRY_BUDGET_MS }: AssistantClientOptions) => {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const target = new URL(path, url);
    let response: Response;
    let text: string;
    try {
      response = await fetch(target, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      // Whether the request reached the server is unknown: sending it again is safe (see `retryable`).
      throw new NetworkError(`${method} ${path}: ${causeOf(error)}`, { cause: error });
    }
    if (!response.ok) {
      const json = errorBodyOf(text);
      throw new ApiError(
        response.status,
        [`${method} ${path}: ${response.status}`, json.error, json.message ?? text.slice(0, 200)].filter(Boolean).join(' '),
        retryAfterMsOf(response.headers.get('retry-after')),
      );
    }
    return (text ? (JSON.parse(text) as { data?: T }) : {}).data as T;
  };

  /**
   * `run` until it succeeds, again and again while it fails in a way that may pass (`retryable`),
   * for at least `retryForMs`: the last wait ends at the budget's end, and one more attempt
   * follows it. It prints one line when an outage begins (the first failure in a row) and one
   * when the server answers again, not one per attempt.
   */
  const withRetry = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    for (let failures = 0; ; ) {
      try {
        const result = await run();
        if (failures > 0) log(`  ${label}: server back after ${seconds(Date.now() - started)} s (${failures + 1} attempts)`);
        return result;
      } catch (error) {
        if (!retryable(error)) throw error;
        failures += 1;
        const elapsed = Date.now() - started;
        if (elapsed >= retryForMs) {
          throw new Error(`${label}: gave up after ${seconds(elapsed)} s and ${failures} attempts: ${(error as Error).message}`, {
            cause: error,
          });
        }
        const wait = Math.min(retryForMs - elapsed, backoffMs(failures, error instanceof ApiError ? error.retryAfterMs : null));
        if (failures === 1) {
          const state = error instanceof NetworkError ? 'server unreachable' : `server answered ${(error as ApiError).status}`;
          log(
            `  ${label} failed (${(error as Error).message}); ${state}, retrying in ${seconds(wait)} s (${seconds(elapsed)} s of ${seconds(retryForMs)} s)`,
          );
        }
        await sleep(wait);
      }
    }
  };
  return { call, withRetry };
};
