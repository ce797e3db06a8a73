import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { it } from '../support/e2e';

/** A seeded objection (server/seed/dictionaryData/objections.json), Ready once the first start has embedded it. */
const SEEDED = 'Your price is too high.';

/** The what-if's alert count for the values being edited ("... would have raised N alerts ..."). */
const previewAlerts = async (page: Page): Promise<number> => {
  const text = (await page.getByTestId('speech-rate-preview').innerText()) ?? '';
  return Number(/would have raised (\d+) alert/.exec(text)?.[1] ?? Number.NaN);
};

describe('coaching tools in the browser', () => {
  it('tests a phrase on the Dictionary page and warns of a near-duplicate in the add dialog', async ({ page }) => {
    await page.getByRole('link', { name: 'Dictionary' }).click();
    await page.waitForURL('**/dictionary');
    await page.getByRole('textbox', { name: 'What a customer might say' }).fill(SEEDED);
    const first = page.getByTestId('phrase-match').first();
    await first.waitFor();
    expect(await first.innerText()).toContain(SEEDED);
    expect(await first.innerText()).toContain('Would fire');
    expect(await first.innerText()).toMatch(/100%/);
    // The default model's own threshold, calibrated from the dictionary at the first start.
    expect(await page.getByTestId('phrase-rule').innerText()).toMatch(/^Fires from \d+% \(use-lite-512\+bow-256, calibrated /);

    await page.getByRole('button', { name: 'Add Original Objection' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Question', exact: true }).fill('Your price is too high');
    const warning = page.getByRole('dialog').getByText(`Very similar to "${SEEDED}"`, { exact: false });
    await warning.waitFor();
    const link = page.getByRole('dialog').getByRole('link', { name: 'Open' }).first();
    expect(await link.getAttribute('href')).toContain('/dictionary?tab=objections&search=');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('previews the speech-rate alerts on Settings as max words changes, without saving', async ({ page }) => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    const maxWords = page.getByLabel(/Max Words/);
    const preview = page.getByTestId('speech-rate-preview');
    /** The count once the preview has caught up with the typed value (aria-busy off). */
    const settledAlerts = async () => {
      await expect.poll(() => preview.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
      return previewAlerts(page);
    };
    await maxWords.fill('400');
    const loose = await settledAlerts();
    await maxWords.fill('20');
    const strict = await settledAlerts();
    expect(strict).toBeGreaterThan(loose);
    const text = await page.getByTestId('speech-rate-preview').innerText();
    expect(text).toMatch(/On the last \d+ completed sessions/);
  });
});
