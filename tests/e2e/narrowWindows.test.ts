import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseUrl, it } from '../support/e2e';

/** How far the document reaches past the window's right edge, in CSS pixels (0: no sideways scroll). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('narrow windows', () => {
  it.for(['/dashboard', '/dictionary', '/users', '/settings', '/service-keys', '/sessions', '/audit', '/search', '/insights'])(
    'fits %s in a phone window (375 px) without a sideways scroll',
    async (path, { signedIn }) => {
      const { page } = await signedIn('admin@salescoach.test', { width: 375, height: 740 });
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    },
  );

  it('reads the whole Insights page in a 1024 px window without a sideways scroll', { timeout: 60_000 }, async ({ signedIn }) => {
    const { page } = await signedIn('admin@salescoach.test', { width: 1024, height: 740 });
    await page.goto(`${baseUrl}/insights?period=90d`);
    for (const title of ['Objections and FAQs', 'Answers that help', 'Reps', 'Landmines', 'Competitors'])
      await page.getByRole('heading', { name: title, level: 2 }).waitFor();
    await page.getByRole('figure', { name: /per 100 calls, week by week/ }).waitFor();
    await page.getByRole('table', { name: 'Reps, most calls first' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  it('fits the Audit Log with its Export and Changes in a 1024 px window', async ({ signedIn }) => {
    const width = 1024;
    const { page } = await signedIn('admin@salescoach.test', { width, height: 740 });
    await page.goto(`${baseUrl}/audit`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const exportBox = await page.getByRole('button', { name: /export/i }).boundingBox();
    expect(exportBox && exportBox.x + exportBox.width).toBeLessThanOrEqual(width);
  });
});
