import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseUrl, it } from '../support/e2e';

/** How far the document reaches past the window's right edge, in CSS pixels (0: no sideways scroll). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('narrow windows', () => {
  it.for(['/dashboard', '/dictionary', '/users', '/settings', '/service-keys'])(
    'fits %s in a phone window (375 px) without a sideways scroll',
    async (path, { signedIn }) => {
      const { page } = await signedIn('admin@salescoach.test', { width: 375, height: 740 });
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    },
  );
});
