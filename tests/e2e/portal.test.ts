import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the signed-in portal', () => {
  it('keeps speech-rate settings across a reload', async () => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
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
    await context.close();
  });

  it('sends unknown paths to the dashboard', async () => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('opens the navigation as a drawer on a 400 px wide window', async () => {
    const { context, page } = await newSignedInPage(browser, baseUrl, 'lead@salescoach.test', { width: 400, height: 800 });
    const settingsLink = page.getByRole('link', { name: 'Settings' });
    expect(await settingsLink.isVisible()).toBe(false);
    await page.getByRole('button', { name: /open navigation/i }).click();
    await settingsLink.waitFor({ state: 'visible' });
    await settingsLink.click();
    await page.waitForURL('**/settings');
    await context.close();
  });
});
