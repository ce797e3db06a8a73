import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signIn } from '../support/browser';
import { it, baseUrl } from '../support/e2e';

/**
 * Failures forced by intercepting single requests in Chromium, as the audit did,
 * against the portal as `npm start` serves it.
 */

/** The sessions list's API call, whatever its query. */
const sessionsList = (url: URL) => url.pathname === '/api/admin/sessions';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

describe('failures, worded', () => {
  it("a page chunk that cannot be loaded shows spec 2's fallback inside the layout, logged to the console", async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.route('**/assets/SettingsPage-*.js', (route) => route.abort());
    await nav(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Something went wrong', level: 2 }).waitFor();
    await page.getByText('An unexpected error occurred. Please try refreshing the page.').waitFor();
    await page.getByRole('button', { name: 'Reload Page' }).waitFor();
    // the layout stays: the navigation leads away from the crashed page
    expect(await page.getByRole('button', { name: /go back/i }).count()).toBe(0);
    expect(logged.some((text) => text.includes('Unexpected rendering error'))).toBe(true);
    await nav(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Welcome to the Admin Portal' }).waitFor();
  });

  it('a 401 after the token refresh: /login says the session expired, and signing in returns to the page', async ({ page }) => {
    await page.route(sessionsList, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'NOT_AUTHENTICATED', message: 'Token revoked' }),
      }),
    );
    await nav(page).getByRole('link', { name: 'Sessions' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    await page.unroute(sessionsList);
    await page.getByLabel('Email').fill('admin@salescoach.test');
    await page.getByLabel('Password').fill('Demo-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/sessions');
    await page.getByRole('columnheader', { name: 'Session Info' }).waitFor();
  });

  it('a list whose server fails says so at once, in the spec words, and that it is trying again', async ({ page }) => {
    await page.route(sessionsList, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
    await nav(page).getByRole('link', { name: 'Sessions' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load sessions' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Trying again...');
    expect(await page.getByText(/HTTP 502|Cannot reach the server/).count()).toBe(0);
  });

  it('words a wrong password and an unknown email with the same sentence', async ({ newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    for (const [email, password] of [
      ['admin@salescoach.test', 'wrong-password'],
      ['nobody@salescoach.test', 'Demo-pass-1'],
    ]) {
      await signIn(page, baseUrl, email, password);
      await page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }).waitFor();
      expect(await page.getByText(/Firebase|auth\//).count()).toBe(0);
    }
  });
});
