import { HttpError } from 'react-admin';
import { BACKEND_TIMEOUT_MS } from '@/config';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export interface HttpClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  fetchJson(url: string, options?: { method?: string; body?: BodyInit | null; headers?: HeadersInit }): Promise<JsonResponse>;
  apiUrl: string;
}

export interface HttpClientOptions {
  baseUrl: string;
  getToken: () => Promise<string | null>;
  /** Concurrent calls must share one refresh: portalAuth.refreshToken does, so the client keeps none of its own. */
  refreshToken: () => Promise<string | null>;
  onAuthFailure: () => void | Promise<void>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export const AUTHENTICATION_FAILED = 'AUTHENTICATION_FAILED';

const authFailedError = () =>
  new HttpError('app.auth.sessionExpired', 401, { error: AUTHENTICATION_FAILED, message: 'app.auth.sessionExpired' });

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

const field = (json: unknown, key: 'error' | 'message'): string | undefined => {
  const value = typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value ? value : undefined;
};

/** spec 8: `{ error, message }`. */
const toHttpError = (response: Response, json: unknown): HttpError => {
  const error = field(json, 'error') ?? 'API_ERROR';
  const message = field(json, 'message') ?? `HTTP ${response.status}: ${response.statusText}`;
  const extra = typeof json === 'object' && json !== null ? json : {};
  return new HttpError(message, response.status, { ...extra, error, message });
};

export const toQueryString = (query: Record<string, QueryValue> = {}): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * The portal's API client (spec 7). On a 401 every request in flight shares one token refresh
 * and retries once; when that fails onAuthFailure runs once. 403 and 503 never refresh nor sign out.
 */
export const createHttpClient = ({
  baseUrl,
  getToken,
  refreshToken,
  onAuthFailure,
  fetch: fetchFn = globalThis.fetch.bind(globalThis),
  timeoutMs = BACKEND_TIMEOUT_MS,
}: HttpClientOptions): HttpClient => {
  const apiUrl = `${baseUrl.replace(/\/$/, '')}/api`;
  let authFailureReported = false;
  /** Later 401s for the token whose refresh failed fail at once instead of refreshing again. */
  let refreshFailedFor: string | null | undefined;

  const tokenForRetry = async (sentToken: string | null): Promise<string | null> => {
    const current = await getToken().catch(() => null);
    if (current && current !== sentToken) return current;
    if (refreshFailedFor === sentToken) return null;
    const token = await refreshToken().catch(() => null);
    refreshFailedFor = token ? undefined : sentToken;
    if (token) authFailureReported = false;
    return token;
  };

  const failAuth = async (): Promise<never> => {
    if (!authFailureReported) {
      authFailureReported = true;
      await Promise.resolve(onAuthFailure()).catch(() => undefined);
    }
    throw authFailedError();
  };

  /** The timeout covers reading the body too: a server that stalls after its headers ends as a TIMEOUT. */
  const send = async (url: string, init: RequestInit, token: string | null): Promise<{ response: Response; body: string }> => {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetchFn(url, { ...init, headers, signal: controller.signal });
      return { response, body: await response.text() };
    } catch (error) {
      if (controller.signal.aborted) {
        throw new HttpError('app.http.timeout', 408, { error: 'TIMEOUT', message: 'app.http.timeout' });
      }
      throw new HttpError('app.http.networkError', 0, { error: 'NETWORK_ERROR', message: 'app.http.networkError', cause: String(error) });
    } finally {
      clearTimeout(timer);
    }
  };

  const fetchJson: HttpClient['fetchJson'] = async (url, options = {}) => {
    const headers = new Headers(options.headers);
    // ra-data-simple-rest sends JSON text untyped, and its DELETE typed text/plain with no body: the server takes neither (415)
    if (typeof options.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    if (options.body == null) headers.delete('Content-Type');
    const init: RequestInit = { method: options.method ?? 'GET', headers, body: options.body };
    const sentToken = await getToken().catch(() => null);
    let { response, body } = await send(url, init, sentToken);
    if (response.status === 401) {
      const token = await tokenForRetry(sentToken);
      if (!token) return failAuth();
      ({ response, body } = await send(url, init, token));
      if (response.status === 401) return failAuth();
    }
    const json = parseJson(body);
    if (!response.ok) throw toHttpError(response, json);
    return { status: response.status, headers: response.headers, body, json };
  };

  const request = async <T>(path: string, { method = 'GET', query, body }: RequestOptions = {}): Promise<T> => {
    const hasBody = body !== undefined;
    const response = await fetchJson(`${apiUrl}${path}${toQueryString(query)}`, {
      method,
      headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
      body: hasBody ? JSON.stringify(body) : undefined,
    });
    return response.json as T;
  };

  return { request, fetchJson, apiUrl };
};
