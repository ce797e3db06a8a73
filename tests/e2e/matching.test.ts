import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { baseUrl, it } from '../support/e2e';

/** Types the phrase and waits until the verdict below the results matches `expected`. */
const testPhrase = async (page: Page, text: string, expected: RegExp) => {
  await page.getByRole('textbox', { name: 'What a customer might say' }).fill(text);
  const verdict = page.getByTestId('phrase-verdict');
  await expect.poll(async () => ((await verdict.count()) > 0 ? verdict.innerText() : ''), { timeout: 15_000 }).toMatch(expected);
};

/** The default start (docs/matching.md): the sentence model, every text Ready under it, its threshold calibrated. */
describe('phrase matching in the browser', () => {
  it('recognises what a customer says in their own words with the default model, and explains a miss', async ({ page }) => {
    await page.getByRole('link', { name: 'Dictionary' }).click();
    await page.waitForURL('**/dictionary');
    // Nothing pending after the first start's re-embedding: no progress bar.
    expect(await page.getByTestId('embedding-progress').count()).toBe(0);

    // No word in common with "Can you give us a discount?"
    await testPhrase(page, 'is there any wiggle room on that number?', /^"Can you give us a discount\?" would fire\.$/);
    const first = page.getByTestId('phrase-match').first();
    expect(await first.innerText()).toContain('Can you give us a discount?');
    expect(await first.innerText()).toContain('Would fire');

    // A near-miss sharing a word with the price objection fires nothing, and says why.
    await testPhrase(
      page,
      'the price of coffee in this office is crazy',
      /^Nothing fires: the best item, ".+", is (\d+ points?|less than 1 point) below the threshold\.$/,
    );
  });

  it("shows the model's calibrated threshold on Settings, takes an admin's by keyboard with its what-if, and goes back", async ({
    page,
  }) => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    const card = page.getByRole('region', { name: 'Phrase matching' });
    await card.getByText('Embedding model: use-lite-512+bow-256').waitFor();
    const calibrated = await card.getByText(/^Threshold: \d+%, calibrated from the dictionary on /).innerText();
    const percent = Number(/(\d+)%/.exec(calibrated)![1]);

    const slider = card.getByRole('slider', { name: 'Threshold to try', exact: true });
    await slider.focus();
    // the threshold in force is the one tried: its effect is said once, and Save stays off until it changes
    const whatIf = card.getByTestId('matching-what-if-candidate');
    expect(await whatIf.count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Save threshold' }).isDisabled()).toBe(true);
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
    expect(await slider.getAttribute('aria-valuetext')).toBe(`${percent + 5}%`);
    await expect.poll(() => whatIf.innerText()).toMatch(new RegExp(`^At ${percent + 5}%: `));
    await card.getByRole('button', { name: 'Save threshold' }).click();
    await card.getByText(`Threshold: ${percent + 5}%, set by an admin`).waitFor();

    // Test a phrase follows the admin's threshold, as the assistant's snapshot does.
    await page.getByRole('link', { name: 'Dictionary' }).click();
    await page.waitForURL('**/dictionary');
    await testPhrase(page, 'can we pay by credit card', /fire/);
    expect(await page.getByTestId('phrase-rule').innerText()).toBe(`Fires from ${percent + 5}% (use-lite-512+bow-256, set by an admin)`);

    await page.getByRole('link', { name: 'Settings' }).click();
    await card.getByRole('button', { name: 'Use the calibrated threshold' }).click();
    await card.getByText(/^Threshold: \d+%, calibrated from the dictionary on /).waitFor();
    expect(await card.getByText(/^Threshold: \d+%, calibrated/).innerText()).toBe(calibrated);

    // The landmines' own threshold, calibrated for recall beside it, taken by keyboard and heard as the salesperson.
    const mines = card.getByRole('region', { name: 'Landmines' });
    const minesNow = await mines.getByText(/^Landmine threshold: \d+%, calibrated for recall/).innerText();
    const minePercent = Number(/(\d+)%/.exec(minesNow)![1]);
    expect(minePercent).toBeLessThan(percent);
    await mines.getByRole('slider', { name: 'Landmine threshold to try' }).focus();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowLeft');
    await mines.getByRole('button', { name: 'Save landmine threshold' }).click();
    await mines.getByText(`Landmine threshold: ${minePercent - 3}%, set by an admin`).waitFor();
    await page.getByRole('link', { name: 'Dictionary' }).click();
    await page.waitForURL('**/dictionary');
    await page.getByRole('radio', { name: 'The salesperson' }).check();
    await page
      .getByRole('textbox', { name: 'What a salesperson might say' })
      .fill("don't worry, you don't have to tell them we're recording");
    await page.getByTestId('phrase-verdict').waitFor();
    expect(await page.getByTestId('phrase-rule').innerText()).toBe(
      `Landmines fire from ${minePercent - 3}% (use-lite-512+bow-256, set by an admin)`,
    );
    await page.getByRole('link', { name: 'Settings' }).click();
    await mines.getByRole('button', { name: 'Use the calibrated landmine threshold' }).click();
    expect(await mines.getByText(/^Landmine threshold: \d+%, calibrated for recall/).innerText()).toBe(minesNow);
  });

  it('marks a detection wrong on a call timeline by keyboard, and the Settings what-if counts the labelled phrase', async ({ page }) => {
    await page.getByRole('link', { name: 'Settings' }).click();
    const card = page.getByRole('region', { name: 'Phrase matching' });
    const labels = card.getByTestId('labels-used').first();
    const before = await labels.innerText();
    const counts = (text: string) => Number(/\((\d+) from/.exec(text)?.[1] ?? /on (\d+) labelled/.exec(text)?.[1]);

    await page.goto(`${baseUrl}/sessions`);
    await page.getByRole('link', { name: 'View Details' }).first().click();
    const timeline = page.getByRole('list', { name: 'Session timeline' });
    const wrong = timeline.getByRole('button', { name: /wrong for this phrase$/ }).first();
    for (let tries = 0; tries < 20; tries += 1) {
      await timeline.waitFor();
      for (const name of ['Transcripts', 'FAQs', 'New inquiries', 'Speech alerts', 'Landmines', 'Competitors']) {
        const toggle = page.getByRole('group', { name: 'Show' }).getByRole('button', { name });
        if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
      }
      await Promise.race([wrong.waitFor({ timeout: 8000 }), timeline.getByText('Nothing to show on the timeline.').waitFor()]).catch(
        () => undefined,
      );
      if (await wrong.isVisible()) break;
      const heading = await page.getByRole('heading', { level: 2 }).first().innerText();
      await page.getByRole('link', { name: 'Next session' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 2 }).first().innerText()).not.toBe(heading);
    }
    await wrong.focus();
    await page.keyboard.press('Enter');
    await timeline.getByText('Marked wrong').first().waitFor();
    // the keyboard lands on Undo, the buttons being gone
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Undo');

    await page.getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => labels.innerText().then(counts)).toBe(counts(before) + 1);
    await card
      .getByText(/labelled phrases? since the last calibration: Recalibrate to count/)
      .first()
      .waitFor();
  });
});
