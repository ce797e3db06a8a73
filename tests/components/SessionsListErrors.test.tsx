import { screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firebaseAuthProvider } from '@/authProvider';
import type { PortalDataProvider } from '@/dataProvider/types';
import { SessionList } from '@/resources/sessions/SessionList';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { renderSessions } from '../support/sessions';

const admin = buildAccount({ email: 'admin@salescoach.test' });

const failWith = (error: Error) => renderSessions([], { getList: vi.fn(async () => Promise.reject(error)) } as never);

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('SessionList: errors (spec 8)', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));

  it.each([
    ['NOT_ADMIN', 403],
    ['NOT_AUTHENTICATED', 401],
  ])('asks for admin privileges on %s', async (code, status) => {
    failWith(new HttpError('Admin access required', status, { error: code, message: 'Admin access required' }));
    expect(await screen.findByText('You need admin privileges to view sessions. Please contact an administrator.')).toBeInTheDocument();
  });

  it('says the session expired on AUTHENTICATION_FAILED', async () => {
    failWith(new HttpError('app.auth.sessionExpired', 401, { error: 'AUTHENTICATION_FAILED', message: 'app.auth.sessionExpired' }));
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });

  it('keeps a 401 NOT_AUTHENTICATED on the page with the admin-privileges message, not signed out', async () => {
    const auth = buildFakeAuth({ users: [admin], signedInAs: admin.email });
    const getList = vi.fn(async () =>
      Promise.reject(new HttpError('Not signed in', 401, { error: 'NOT_AUTHENTICATED', message: 'Not signed in' })),
    );
    renderInAdmin(<SessionList />, {
      auth,
      authProvider: firebaseAuthProvider(auth),
      dataProvider: buildDataProvider({ getList } as Partial<PortalDataProvider>),
      path: '/sessions',
    });
    expect(await screen.findByText('You need admin privileges to view sessions. Please contact an administrator.')).toBeInTheDocument();
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/sessions');
  });

  it("shows the server's worded message", async () => {
    failWith(
      new HttpError('Too many requests. Please wait 3 seconds and try again.', 429, {
        error: 'RATE_LIMITED',
        message: 'Too many requests. Please wait 3 seconds and try again.',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait 3 seconds and try again.');
  });

  it.each([
    [
      'a status line',
      new HttpError('HTTP 500: Internal Server Error', 500, { error: 'API_ERROR', message: 'HTTP 500: Internal Server Error' }),
    ],
    ['the network text', new HttpError('app.http.networkError', 0, { error: 'NETWORK_ERROR', message: 'app.http.networkError' })],
  ])("never shows %s: 'Failed to load sessions'", async (_what, error) => {
    failWith(error);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load sessions');
    expect(screen.queryByText(/HTTP 500|Cannot reach/)).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to load sessions'", async () => {
    failWith(new Error(''));
    expect(await screen.findByText('Failed to load sessions')).toBeInTheDocument();
    expect(screen.queryByText('No sessions found.')).not.toBeInTheDocument();
  });
});
