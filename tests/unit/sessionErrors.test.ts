import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { sessionDetailError, sessionListError } from '@/resources/sessions/sessionErrors';

const httpError = (status: number, error: string, message: string) => new HttpError(message, status, { error, message });
const text = (key: string) =>
  key
    .split('.')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en.app);

describe('sessions list errors (spec 8)', () => {
  it.each(['NOT_ADMIN', 'NOT_AUTHENTICATED'])('asks for admin privileges on %s', (code) => {
    const key = sessionListError(httpError(403, code, 'Forbidden'));
    expect(text(key)).toBe('You need admin privileges to view sessions. Please contact an administrator.');
  });

  it('says the session expired on AUTHENTICATION_FAILED', () => {
    const key = sessionListError(httpError(401, 'AUTHENTICATION_FAILED', 'app.auth.sessionExpired'));
    expect(text(key)).toBe('Your session has expired. Please log in again.');
  });

  it("shows the server's message otherwise", () => {
    expect(sessionListError(httpError(429, 'RATE_LIMITED', 'Too many requests'))).toBe('Too many requests');
  });

  it("never shows a status line or the network text: 'Failed to load sessions'", () => {
    expect(text(sessionListError(httpError(500, 'API_ERROR', 'HTTP 500: Internal Server Error')))).toBe('Failed to load sessions');
    expect(text(sessionListError(httpError(0, 'NETWORK_ERROR', 'app.http.networkError')))).toBe('Failed to load sessions');
  });

  it("falls back to 'Failed to load sessions'", () => {
    expect(text(sessionListError(new Error('')))).toBe('Failed to load sessions');
    expect(text(sessionListError(undefined))).toBe('Failed to load sessions');
  });
});

describe('session detail errors (spec 8)', () => {
  it("says 'Session not found' for a missing session", () => {
    expect(text(sessionDetailError(httpError(404, 'NOT_FOUND', 'Session not found')))).toBe('Session not found');
    expect(text(sessionDetailError(httpError(404, 'API_ERROR', 'HTTP 404: Not Found')))).toBe('Session not found');
  });

  it("shows the server's message, else 'Failed to load session details'", () => {
    expect(sessionDetailError(httpError(503, 'AUTH_UNAVAILABLE', 'Boom'))).toBe('Boom');
    expect(text(sessionDetailError(httpError(500, 'API_ERROR', 'HTTP 500: Internal Server Error')))).toBe('Failed to load session details');
    expect(text(sessionDetailError(new Error('')))).toBe('Failed to load session details');
  });
});
