import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PortalLayout } from '@/layout/PortalLayout';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildAuthProvider, renderInAdmin } from '../support/render';

const admin = buildAccount({ email: 'admin@salescoach.test' });
const signedIn = () => buildFakeAuth({ users: [admin], signedInAs: admin.email });
const NAV = [
  ['Dashboard', '/dashboard'],
  ['Sessions', '/sessions'],
  ['Dictionary', '/dictionary'],
  ['Users', '/users'],
  ['Settings', '/settings'],
] as const;

const renderLayout = (options: Parameters<typeof renderInAdmin>[1] = {}) =>
  renderInAdmin(
    <PortalLayout>
      <p>Page content</p>
    </PortalLayout>,
    { auth: signedIn(), ...options },
  );

/** jsdom has no media queries: pretend the window is narrower than the small breakpoint. */
const useNarrowWindow = () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = original;
  });
};

describe('PortalLayout', () => {
  it('shows the signed-in email and an avatar with its first letter', async () => {
    renderLayout();
    expect(await screen.findByText('admin@salescoach.test')).toBeInTheDocument();
    expect(screen.getByLabelText('admin@salescoach.test')).toHaveTextContent('A');
    expect(screen.getByText('Page content')).toBeInTheDocument();
  });

  it('shows Guest and a question mark without a signed-in user', async () => {
    renderLayout({ auth: buildFakeAuth() });
    expect(await screen.findByText('Guest')).toBeInTheDocument();
    expect(screen.getByLabelText('Guest')).toHaveTextContent('?');
  });

  it('is headed by the product name and Admin Portal, with the page title in the top bar', async () => {
    renderLayout({ path: '/users' });
    expect(await screen.findByText('Sales Coach AI')).toBeInTheDocument();
    expect(screen.getByText('Admin Portal')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  });

  it('lists the navigation items and highlights the current one', async () => {
    renderLayout({ path: '/settings' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const [label, path] of NAV) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', path);
    }
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveClass('Mui-selected');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveClass('Mui-selected');
  });

  it('navigates when an item is clicked', async () => {
    const user = userEvent.setup();
    renderLayout({ path: '/dashboard' });
    await user.click(await screen.findByRole('link', { name: 'Dictionary' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dictionary');
    expect(screen.getByRole('heading', { name: 'Dictionary Management' })).toBeInTheDocument();
  });

  it('logs out through react-admin', async () => {
    const user = userEvent.setup();
    const authProvider = buildAuthProvider();
    renderLayout({ authProvider });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(authProvider.logout).toHaveBeenCalled();
  });

  it('keeps the navigation permanent on wide screens', async () => {
    renderLayout();
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open navigation menu' })).not.toBeInTheDocument();
  });

  describe('below the small breakpoint', () => {
    useNarrowWindow();

    it('opens the navigation as a drawer from the menu button and closes it after navigating', async () => {
      const user = userEvent.setup();
      renderLayout();
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
      await user.click(within(nav).getByRole('link', { name: 'Users' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/users');
      await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument());
    });
  });
});
