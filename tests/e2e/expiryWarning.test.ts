import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../support/browser';
import { it, baseUrl, browser } from '../support/e2e';

const ADMIN = 'admin@salescoach.test';

/** The refresh token Firebase keeps for the signed-in admin (local persistence). */
const storedRefreshToken = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('firebase:authUser:'));
    return JSON.parse(localStorage.getItem(key ?? '') ?? 'null')?.stsTokenManager?.refreshToken ?? '';
  });

/** The refresh token a token request carries (a form body; JSON in some SDK versions). */
const refreshTokenOf = (body: string | null): string | null => {
  if (!body) return null;
  if (body.trimStart().startsWith('{')) return (JSON.parse(body) as { refresh_token?: string }).refresh_token ?? null;
  return new URLSearchParams(body).get('refresh_token');
};

const storedIdToken = (page: Page): Promise<string> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('auth_token') ?? 'null')?.token ?? '');

/**
 * The admin signed in on a page whose clock runs in real time until the test moves it on; the
 * identity provider cannot be reached to renew this session's token, while a new sign-in's
 * token renews as usual.
 */
const lapsingSession = async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.clock.install();
  await signIn(page, baseUrl, ADMIN);
  await page.waitForURL('**/dashboard');
  const lapsedRefreshToken = await storedRefreshToken(page);
  expect(lapsedRefreshToken).not.toBe('');
  const refreshes = { failed: 0, passed: 0 };
  await page.route('**/securetoken.googleapis.com/**', async (route) => {
    if (refreshTokenOf(route.request().postData()) === lapsedRefreshToken) {
      refreshes.failed += 1;
      await route.abort('internetdisconnected');
    } else {
      refreshes.passed += 1;
      await route.continue();
    }
  });
  return { context, page, refreshes };
};

const WARNING = 'Your session could not be renewed';

type Box = { x: number; y: number; width: number; height: number } | null;

/** The area two shown boxes share, in square pixels. */
const overlap = (a: Box, b: Box): number => {
  if (!a || !b) throw new Error('an element to compare is not shown');
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, width) * Math.max(0, height);
};

describe('the expiry warning in the browser', () => {
  it('warns when the session cannot be renewed, signs in again over an open dialog, and the typed text is saved', async () => {
    const { context, page, refreshes } = await lapsingSession();
    const tokenBefore = await storedIdToken(page);

    await page.getByRole('link', { name: 'Dictionary' }).click();
    await page.waitForURL('**/dictionary');
    await page.getByTestId('item-row').first().waitFor();

    // 47 minutes on: the one-hour token has 13 minutes left, so the session ends in 8 (spec 5's buffer)
    await page.clock.fastForward('47:00');
    const warning = page.getByRole('status').filter({ hasText: WARNING });
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/ends in [78] minutes\. Sign in again to keep your work\./);
    expect(refreshes.failed).toBeGreaterThan(0);
    // It covers neither the top bar (with the page's <h1>) nor the page's own heading.
    const shown = await warning.boundingBox();
    for (const below of [page.getByRole('banner'), page.getByRole('main').getByRole('heading', { level: 2 }).first()]) {
      expect(overlap(shown, await below.boundingBox())).toBe(0);
    }

    const question = `E2E objection typed while the session lapsed ${Date.now()}`;
    await page.getByRole('button', { name: 'Add Original Objection' }).click();
    const form = page.getByRole('dialog', { name: /Add Original Objection/ });
    await form.getByRole('textbox', { name: 'Question', exact: true }).fill(question);
    await form.getByRole('textbox', { name: 'Answer', exact: true }).fill('Typed before signing in again.');

    await warning.getByRole('button', { name: 'Sign in again' }).click();
    const signInAgain = page.getByRole('dialog', { name: 'Sign in again' });
    expect(await signInAgain.getByRole('textbox', { name: 'Email Address' }).inputValue()).toBe(ADMIN);
    await signInAgain.getByLabel('Password').fill('wrong-password');
    await signInAgain.getByRole('button', { name: 'Sign In' }).click();
    await signInAgain.getByText('Incorrect email or password.').waitFor();
    await signInAgain.getByLabel('Password').fill(DEMO_PASSWORD);
    await signInAgain.getByRole('button', { name: 'Sign In' }).click();
    await signInAgain.waitFor({ state: 'detached' });
    await warning.waitFor({ state: 'detached' });

    expect(new URL(page.url()).pathname).toBe('/dictionary');
    expect(await storedIdToken(page)).not.toBe(tokenBefore);
    expect(await form.getByRole('textbox', { name: 'Question', exact: true }).inputValue()).toBe(question);
    expect(await form.getByRole('textbox', { name: 'Answer', exact: true }).inputValue()).toBe('Typed before signing in again.');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Item added successfully. Embeddings will be generated automatically.').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(question);
    await page.getByTestId('item-row').filter({ hasText: question }).waitFor();
    await context.close();
  });

  it('once the session has ended and still cannot be renewed, goes to /login as before and back to the page after signing in', async () => {
    const { context, page } = await lapsingSession();
    await page.getByRole('link', { name: 'Dictionary' }).click();
    await page.waitForURL('**/dictionary');
    await page.clock.fastForward('47:00');
    await page.getByRole('status').filter({ hasText: WARNING }).waitFor();
    // 9 minutes on, the token is inside spec 5's buffer: the 60 s check ends the session
    await page.clock.fastForward('09:00');
    await page.waitForURL('**/login');
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    await page.getByText('Failed to refresh token').waitFor();
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dictionary');
    await context.close();
  });
});
