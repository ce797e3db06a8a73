import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { it } from '../support/e2e';

const ITEM_CONFIRM = 'Are you sure you want to delete this item? If this is an original question, all variations will also be deleted.';
const LANDMINE_CONFIRM = 'Are you sure you want to delete this landmine? This will affect real-time detection.';

const openDictionary = async (page: Page) => {
  await page.getByRole('link', { name: 'Dictionary' }).click();
  await page.waitForURL('**/dictionary');
  await page.getByTestId('item-row').first().waitFor();
};

const search = async (page: Page, text: string) => {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
};

/** A text field of the open dialog by its exact label (the required asterisk is not part of the name). */
const dialogField = (page: Page, label: string): Locator => page.getByRole('dialog').getByRole('textbox', { name: label, exact: true });

const itemRow = (page: Page, text: string): Locator => page.getByTestId('item-row').filter({ hasText: text });

describe('Dictionary Management in the browser', () => {
  it('adds an original, a variation and 3 reviewed AI variations, watches Pending turn Ready, edits a variation and deletes it all', async ({
    page,
  }) => {
    await openDictionary(page);
    // shaped like the seed's "Does it work with our CRM?", whose phrasings the offline generator carries over (docs/matching.md)
    const question = `Does it work with E2E price ${Date.now()}?`;

    await page.getByRole('button', { name: 'Add Original Objection' }).click();
    await dialogField(page, 'Question').fill(question);
    expect(await dialogField(page, 'Category').isDisabled()).toBe(true);
    expect(await dialogField(page, 'Category').inputValue()).toBe('Original');
    await dialogField(page, 'Answer').fill('We focus on total cost of ownership.\nMost teams break even in six months.');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Item added successfully. Embeddings will be generated automatically.').waitFor();

    await search(page, question);
    const row = itemRow(page, question);
    await row.waitFor();
    const createdAt = Date.now();
    await row.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    console.info(`embedding Ready ${Date.now() - createdAt} ms after the row was first shown`);

    await row.getByRole('button', { name: 'Add variation' }).click();
    await dialogField(page, 'Question').fill(`${question} - too pricey`);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Variation added successfully. Embeddings will be generated automatically.').waitFor();
    await row.getByText('1 variation', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Generate AI variations' }).click();
    const review = page.getByRole('dialog');
    await review.getByRole('heading', { name: 'Review AI-Generated Variations' }).waitFor();
    expect(await review.getByRole('textbox', { name: /^Variation \d$/ }).count()).toBe(3);
    await review.getByRole('textbox', { name: 'Variation 1', exact: true }).fill(`${question} - edited in review`);
    await review.getByRole('button', { name: 'Save Variations' }).click();
    await page.getByText('Successfully saved 3 variation(s)').waitFor();
    await row.getByText('4 variations', { exact: true }).waitFor();

    // every new variation starts Pending; the list refreshes itself until all are Ready
    const started = Date.now();
    await expect.poll(() => row.getByText('Pending', { exact: true }).count(), { timeout: 30_000, interval: 500 }).toBe(0);
    console.info(`variations Ready within ${Date.now() - started} ms`);

    await row.getByRole('button', { name: 'Show variations' }).click();
    const variation = row.getByTestId('variation-row').filter({ hasText: 'edited in review' });
    await variation.getByText('AI Generated', { exact: true }).waitFor();
    await variation.getByRole('button', { name: 'Edit variation' }).click();
    expect(await dialogField(page, 'Answer').isDisabled()).toBe(true);
    await page.getByRole('dialog').getByText('Editing the answer updates it for all variations').waitFor();
    expect(await dialogField(page, 'Category').inputValue()).toBe('AI Generated');
    await dialogField(page, 'Question').fill(`${question} - edited again`);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Item updated successfully. Embeddings will be regenerated automatically.').waitFor();
    await row.getByText(`${question} - edited again`).waitFor();

    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByText(ITEM_CONFIRM, { exact: true }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Item deleted successfully').waitFor();
    await page.getByText('No items found. Try adjusting your search or add a new item.').waitFor();
    await search(page, 'edited again');
    await page.getByText('No items found. Try adjusting your search or add a new item.').waitFor();
  });

  it('searches and pages through the seeded objections', async ({ page }) => {
    await openDictionary(page);
    const footer = page.getByText(/^Showing 1 to 20 of \d+ original questions$/);
    await footer.waitFor();
    const total = Number((await footer.textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(20);
    const firstQuestion = await page.getByTestId('item-row').first().getByRole('heading').textContent();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(`Showing 21 to ${Math.min(40, total)} of ${total} original questions`).waitFor();
    await page.getByRole('button', { name: 'Page 1', exact: true }).click();
    await page.getByText(`Showing 1 to 20 of ${total} original questions`).waitFor();

    // case-insensitive; the server searches every page, so a question from page 1 is found alone
    await search(page, (firstQuestion ?? '').toUpperCase());
    await itemRow(page, firstQuestion ?? '').waitFor();
    await expect.poll(() => page.getByText(/original questions$/).count()).toBe(0);
    expect(await page.getByTestId('item-row').count()).toBeLessThan(20);
    await search(page, 'zz-no-such-question-zz');
    await page.getByText('No items found. Try adjusting your search or add a new item.').waitFor();

    await search(page, '');
    await page.getByRole('tab', { name: 'FAQs' }).click();
    await page.getByRole('button', { name: 'Add Original FAQ' }).waitFor();
    await page.getByTestId('item-row').first().waitFor();
  });

  it('adds a landmine with blank points dropped, edits, deactivates and deletes it', async ({ page }) => {
    await openDictionary(page);
    await page.getByRole('tab', { name: 'Landmines' }).click();
    await page.getByTestId('landmine-row').first().waitFor();
    const trigger = `e2e guaranteed savings ${Date.now()}`;

    await page.getByRole('button', { name: 'Add Landmine' }).click();
    const dialog = page.getByRole('dialog');
    await dialogField(page, 'Trigger').fill(trigger);
    await dialogField(page, 'Category').fill('Pricing');
    await dialog.getByRole('combobox', { name: 'Priority' }).click();
    for (const option of ['High (Legal/Regulatory Risk)', 'Medium (Compliance Concern)', 'Low (Brand Guidance)']) {
      await page.getByRole('option', { name: option }).waitFor();
    }
    await page.getByRole('option', { name: 'High (Legal/Regulatory Risk)' }).click();
    await dialogField(page, 'Trigger variation 1').fill('promise savings');
    await dialog.getByRole('button', { name: 'Add Trigger Variation' }).click();
    await dialogField(page, 'Trigger variation 2').fill('   ');
    await dialogField(page, 'Can say point 1').fill('Typical customers save on licences');
    await dialog.getByRole('button', { name: 'Add Can-Say Point' }).click();
    await dialogField(page, 'Cannot say point 1').fill('You will definitely save money');
    await dialog.getByRole('button', { name: 'Add Cannot-Say Point' }).click();
    await dialogField(page, 'Quick Tips').fill('Quote ranges, not promises');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Landmine added successfully').waitFor();

    await search(page, trigger);
    const row = page.getByTestId('landmine-row').filter({ hasText: trigger });
    await row.getByText('Typical customers save on licences').waitFor();
    expect(await row.getByText('High', { exact: true }).count()).toBe(1);
    expect(await row.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await row.getByText(/more$/).count()).toBe(0);

    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await dialog.getByRole('textbox', { name: /^Trigger variation/ }).count()).toBe(1);
    expect(await dialog.getByRole('textbox', { name: /^Can say point/ }).count()).toBe(1);
    expect(await dialog.getByRole('textbox', { name: /^Cannot say point/ }).count()).toBe(1);
    await dialogField(page, 'Category').fill('Savings claims');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Landmine updated successfully').waitFor();
    await row.getByText('Savings claims').waitFor();

    await row.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.getByText('Landmine status updated').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Activate', exact: true }).waitFor();

    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByText(LANDMINE_CONFIRM, { exact: true }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Landmine deleted successfully').waitFor();
    await page.getByText('No landmines found. Try adjusting your search or add a new landmine.').waitFor();
  });
});
