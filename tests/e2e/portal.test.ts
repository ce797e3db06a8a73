import { describe, expect } from 'vitest';

import { it, baseUrl } from '../support/e2e';

describe('the signed-in portal', () => {
  it('keeps speech-rate settings across a reload', async ({ page }) => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    const timeWindow = page.getByLabel(/Time Window/);
    const maxWords = page.getByLabel(/Max Words/);
    await expect.poll(() => timeWindow.inputValue()).toBe('30');
    await timeWindow.fill('45');
    await maxWords.fill('180');
    await page.getByRole('button', { name: /Save/ }).first().click();
    await page.getByText('Speech rate settings updated successfully').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(/Time Window/).inputValue()).toBe('45');
    expect(await page.getByLabel(/Max Words/).inputValue()).toBe('180');
  });

  it('sends unknown paths to the dashboard', async ({ page }) => {
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL('**/dashboard');
  });

  it('opens the navigation as a drawer on a 400 px wide window', async ({ signedIn }) => {
    const { page } = await signedIn('lead@salescoach.test', { width: 400, height: 800 });
    const settingsLink = page.getByRole('link', { name: 'Settings' });
    expect(await settingsLink.isVisible()).toBe(false);
    await page.getByRole('button', { name: /open navigation/i }).click();
    await settingsLink.waitFor({ state: 'visible' });
    await settingsLink.click();
    await page.waitForURL('**/settings');
  });
});

describe('when the server is busy or the sign-in service is down', () => {
  it('words a 429 with the wait, keeps the layout and never shows a crash screen', async ({ page }) => {
    await page.route('**/api/admin/users**', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '42' },
        body: JSON.stringify({ error: 'RATE_LIMITED', message: 'Too many requests. Please wait 42 seconds and try again.' }),
      }),
    );
    await page.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/users');
    await page.getByText('Too many requests. Please wait 42 seconds and try again.').first().waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
  });

  it('keeps the session on a 503 AUTH_UNAVAILABLE and says the sign-in service cannot be reached', async ({ page }) => {
    const message = 'The sign-in service cannot be reached right now. You are still signed in; please try again in a few seconds.';
    await page.route('**/api/speech-rate', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '10' },
        body: JSON.stringify({ error: 'AUTH_UNAVAILABLE', message }),
      }),
    );
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await page.getByText(message).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBeNull();
  });
});
