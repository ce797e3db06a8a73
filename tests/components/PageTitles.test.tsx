import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { App } from '@/App';
import { PortalAuthContext } from '@/authProvider';
import { LoginPage } from '@/customPages/auth/LoginPage';
import { SignupPage } from '@/customPages/auth/SignupPage';
import type { PortalDataProvider } from '@/dataProvider/types';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildAuthProvider, buildDataProvider, renderPublicPage } from '../support/render';
import { buildDetail } from '../support/sessions';

const admin = buildAccount({ email: 'admin@salescoach.test' });
const detail = buildDetail();

const renderApp = (path: string) =>
  render(
    <PortalAuthContext value={buildFakeAuth({ users: [admin], signedInAs: admin.email })}>
      <MemoryRouter initialEntries={[path]}>
        <App
          authProvider={buildAuthProvider()}
          dataProvider={buildDataProvider({
            getOne: vi.fn(async () => ({ data: detail })),
            getList: vi.fn(async () => ({ data: [], total: 0 })),
          } as Partial<PortalDataProvider>)}
        />
      </MemoryRouter>
    </PortalAuthContext>,
  );

describe('each screen names itself', () => {
  it.each([
    ['/dashboard', 'Welcome to the Admin Portal'],
    ['/settings', 'Speech Rate Monitoring'],
    ['/transcripts', 'Call Transcripts'],
    [`/sessions/${detail.sessionId}`, 'Discovery call with Acme'],
  ])('%s: the window title follows the page, under one <h1>', async (path, content) => {
    renderApp(path);
    await screen.findByRole('heading', { name: content }, { timeout: 10_000 });
    const h1 = screen.getAllByRole('heading', { level: 1 });
    expect(h1).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(`${h1[0].textContent} - Sales Coach AI`));
  });

  it('names the sign-in screen, under one <h1>', () => {
    renderPublicPage(<LoginPage />);
    expect(document.title).toBe('Sign In - Sales Coach AI');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('names the sign-up screen', () => {
    renderPublicPage(<SignupPage />, { path: '/signup' });
    expect(document.title).toBe('Sign Up - Sales Coach AI');
  });
});
