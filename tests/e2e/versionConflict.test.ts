import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from '../support/e2e';

/**
 * Version conflicts in the browser, against the real server: two admins edit the same objection;
 * the second save, started from the older version, is refused inside the dialog, Reload keeps
 * what the second admin typed and shows the first admin's answer, and the next save wins
 * deliberately.
 */

const openObjection = async (page: Page, question: string): Promise<Locator> => {
  await page.getByRole('link', { name: 'Dictionary' }).click();
  await page.waitForURL('**/dictionary');
  await page.getByRole('searchbox', { name: 'Search' }).fill(question);
  const row = page.getByTestId('item-row').filter({ hasText: question });
  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  return page.getByRole('dialog');
};
const field = (dialog: Locator, label: string) => dialog.getByRole('textbox', { name: label, exact: true });

describe('two admins editing the same objection', () => {
  it('refuses the older save inside the dialog, and Reload keeps the typed text beside their answer', async ({ signedIn }) => {
    const first = await signedIn();
    const second = await signedIn();
    const question = `E2E conflict ${Date.now()}`;
    await first.page.getByRole('link', { name: 'Dictionary' }).click();
    await first.page.getByRole('button', { name: 'Add Original Objection' }).click();
    await field(first.page.getByRole('dialog'), 'Question').fill(question);
    await field(first.page.getByRole('dialog'), 'Answer').fill('The first answer.');
    await first.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await first.page.getByText('Item added successfully. Embeddings will be generated automatically.').waitFor();
    await first.page.reload();

    const firstDialog = await openObjection(first.page, question);
    const secondDialog = await openObjection(second.page, question);
    await field(firstDialog, 'Answer').fill('The first admin answer.');
    await firstDialog.getByRole('button', { name: 'Save' }).click();
    await first.page.getByText('Item updated successfully').waitFor();

    await field(secondDialog, 'Answer').fill('The second admin answer.');
    await secondDialog.getByRole('button', { name: 'Save' }).click();
    await secondDialog.getByText('Someone else changed this since you opened it.', { exact: false }).waitFor();
    await secondDialog.getByRole('button', { name: 'Reload' }).click();
    await secondDialog.getByText(`Their version: ${question} (answer: The first admin answer.)`).waitFor();
    expect(await field(secondDialog, 'Answer').inputValue()).toBe('The second admin answer.');

    await secondDialog.getByRole('button', { name: 'Save' }).click();
    await second.page.getByText('Item updated successfully').waitFor();
    await second.page.getByTestId('item-row').filter({ hasText: 'The second admin answer.' }).waitFor();
    await first.context.close();
    await second.context.close();
  });
});
