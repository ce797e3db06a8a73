import { describe, expect } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../support/browser';
import { it, baseUrl } from '../support/e2e';

describe('signing in', () => {
  it('sends a logged-out visitor of a protected page to the sign-in form without a redirect loop', async ({ newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    const navigations: string[] = [];
    // react-router's start-up replaceState re-reports the same URL; count changes of path.
    page.on('framenavigated', (frame) => {
      const path = new URL(frame.url()).pathname;
      if (frame === page.mainFrame() && navigations.at(-1) !== path) navigations.push(path);
    });
    const startedAt = Date.now();
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    console.log(`logged-out cold start: sign-in form painted after ${Date.now() - startedAt} ms, navigations ${navigations.join(' -> ')}`);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(navigations).toEqual(['/dashboard', '/login']);
  });

  it.for(['admin@salescoach.test', 'lead@salescoach.test'])('lands %s on the dashboard', async (email, { signedIn }) => {
    const { page } = await signedIn(email);
    await page.getByRole('banner').getByText(email).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_token') ?? 'null'));
    expect(stored).toMatchObject({ token: expect.any(String), expiresAt: expect.any(Number), issuedAt: expect.any(Number) });
  });

  it('refuses the non-whitelisted rep with the access-denied message', async ({ newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, baseUrl, 'rep@salescoach.test');
    await page.getByText('Access denied. Your account is not authorized to access the admin portal.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL('**/login');
  });

  it('shows the provider error for a wrong password and stays on sign-in', async ({ newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, baseUrl, 'admin@salescoach.test', 'wrong-password');
    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logs out, clears the stored token and protects the dashboard again', async ({ page }) => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.goto(`${baseUrl}/settings`);
    await page.waitForURL('**/login');
  });

  it('after a Logout on a page, the next admin signing in on that sign-in page starts at the dashboard', async ({ page }) => {
    await page.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/users');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    // on the very page the Logout led to (a fresh /login would forget any recorded page anyway)
    await page.getByLabel('Email').fill('lead@salescoach.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
  });
});

describe('a stored sign-in', () => {
  // The sign-in service checks its stored session with its server on every page load; the
  // portal opens on the stored token meanwhile (docs/security.md, Portal).
  const lookup = '**/identitytoolkit.googleapis.com/v1/accounts:lookup**';

  it("shows a page's rows before the sign-in service has answered, and keeps the admin when it confirms", async ({ signedIn }) => {
    const { context } = await signedIn();
    const page = await context.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let lookups = 0;
    await page.route(lookup, async (route) => {
      lookups += 1;
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/sessions`);
    await page.locator('table tbody tr a[href^="/sessions/"]').first().waitFor();
    expect(lookups).toBe(1);
    release();
    await page.waitForResponse(lookup);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/users');
    await page.locator('table tbody tr td').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
  });

  it('signs out and clears the stored token when the sign-in service then finds no such account', async ({ signedIn }) => {
    const { context } = await signedIn();
    const page = await context.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // what the service answers for a deleted account
    await page.route(lookup, async (route) => {
      await held;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 400, message: 'USER_NOT_FOUND' } }),
      });
    });
    await page.goto(`${baseUrl}/sessions`);
    await page.locator('table tbody tr a[href^="/sessions/"]').first().waitFor();
    release();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.goto(`${baseUrl}/sessions`);
    await page.waitForURL('**/login');
  });
});

describe('sign-up and password reset', () => {
  it('validates the sign-up form with the spec messages', async ({ newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel('Email').fill('new.person@example.test');
    await page.locator('input[name="password"]').fill('abc');
    await page.getByLabel('Confirm Password').fill('abc');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Password must be at least 6 characters long').waitFor();
    await page.locator('input[name="password"]').fill('abcdef');
    await page.getByLabel('Confirm Password').fill('abcdeg');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Passwords do not match').waitFor();
  });

  it('sends a reset email and returns to sign-in after 3 seconds', async ({ newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill('lead@salescoach.test');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await page.getByText('Reset Password').first().waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('lead@salescoach.test');
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await page.getByText('Password reset email sent! Check your inbox.').waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 6_000 });
  });
});
