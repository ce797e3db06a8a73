import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { App } from '@/App';
import { PortalAuthContext } from '@/authProvider';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildAuthProvider, buildDataProvider, LocationDisplay } from '../support/render';

const admin = buildAccount({ email: 'admin@salescoach.test' });

const renderApp = (path: string) =>
  render(
    <PortalAuthContext value={buildFakeAuth({ users: [admin], signedInAs: admin.email })}>
      <MemoryRouter initialEntries={[path]}>
        <App authProvider={buildAuthProvider()} dataProvider={buildDataProvider()} />
        <LocationDisplay />
      </MemoryRouter>
    </PortalAuthContext>,
  );

// The pages are lazy chunks: their first import in a cold worker can take seconds on a busy machine.
const PAGE_LOAD = { timeout: 20_000 };

describe('App routes', () => {
  it.each(['/', '/no-such-page'])('sends %s to the dashboard', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Welcome to the Admin Portal' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('renders the settings page inside the shared layout', async () => {
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Speech Rate Monitoring' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('admin@salescoach.test')).toBeInTheDocument());
  });

  it('renders the transcripts placeholder', async () => {
    renderApp('/transcripts');
    expect(await screen.findByText(/yet to be implemented/, {}, PAGE_LOAD)).toBeInTheDocument();
  });
});
