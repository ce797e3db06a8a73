import { lazy } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/App';
import { PortalAuthContext } from '@/authProvider';
import type { PortalDataProvider } from '@/dataProvider/types';
import type { ResourceDeclaration } from '@/resources/types';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildAuthProvider, buildDataProvider, LocationDisplay } from '../support/render';
import { buildDetail } from '../support/sessions';

// renders the app (or types into forms) on a shared 2-core machine: more than the default 5 s under load

const admin = buildAccount({ email: 'admin@salescoach.test' });

const renderApp = (path: string, dataProvider: PortalDataProvider, resources?: readonly ResourceDeclaration[]) =>
  render(
    <PortalAuthContext value={buildFakeAuth({ users: [admin], signedInAs: admin.email })}>
      <MemoryRouter initialEntries={[path]}>
        <App authProvider={buildAuthProvider()} dataProvider={dataProvider} resources={resources} />
        <LocationDisplay />
      </MemoryRouter>
    </PortalAuthContext>,
  );

const expectFallbackInLayout = async () => {
  const heading = await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5_000 });
  // the top bar keeps the page's one <h1>; the fallback sits in the content area
  expect(heading.tagName).toBe('H2');
  const main = screen.getByRole('main');
  expect(within(main).getByText('An unexpected error occurred. Please try refreshing the page.')).toBeInTheDocument();
  expect(within(main).getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  // not react-admin's own error page
  expect(screen.queryByRole('button', { name: /go back/i })).not.toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
};

const structuredLog = (consoleError: ReturnType<typeof vi.spyOn>, message: RegExp) =>
  expect(consoleError).toHaveBeenCalledWith(
    'Unexpected rendering error',
    expect.objectContaining({
      message: expect.stringMatching(message),
      stack: expect.any(String),
      componentStack: expect.any(String),
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    }),
  );

describe('a page that crashes', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows spec 2's fallback inside the layout for a session whose name arrives as an object, and logs it", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { ...buildDetail(), sessionName: { text: 'not a string' } } as unknown as ReturnType<typeof buildDetail>;
    const dataProvider = buildDataProvider({ getOne: vi.fn(async () => ({ data: broken })) } as Partial<PortalDataProvider>);
    renderApp(`/sessions/${broken.sessionId}`, dataProvider);
    await expectFallbackInLayout();
    structuredLog(consoleError, /object/i);
    expect(screen.getByRole('main').querySelector('[role="alert"]')).not.toBeNull();
  });

  it('reloads from Reload Page, and leaves the fallback when the admin navigates away', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const broken = { ...buildDetail(), sessionName: { text: 'not a string' } } as unknown as ReturnType<typeof buildDetail>;
    const dataProvider = buildDataProvider({ getOne: vi.fn(async () => ({ data: broken })) } as Partial<PortalDataProvider>);
    renderApp(`/sessions/${broken.sessionId}`, dataProvider);
    await expectFallbackInLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalled();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Speech Rate Monitoring' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });

  it('shows the fallback inside the layout when a page chunk cannot be loaded', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const BlockedList = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/TagList.js')));
    const tags: ResourceDeclaration = {
      name: 'tags',
      api: { dialect: 'simple-rest', path: '/admin/tags', paging: 'server' },
      views: { list: BlockedList },
    };
    renderApp('/tags', buildDataProvider(), [tags]);
    await expectFallbackInLayout();
    structuredLog(consoleError, /dynamically imported module/);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tags'));
  });
});
