import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseUrl, it } from '../support/e2e';

/** The table's data rows. */
const dataRows = (page: Page) => page.locator('main tbody tr');
const eraseButton = (page: Page) => page.getByRole('button', { name: "Erase this rep's calls" });

/** Types part of a name and picks the rep: the choices are searched for what was typed, even over a rep already chosen. */
const pickRep = async (page: Page, typed: string, name: string) => {
  const searched = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/users') && request.url().includes(typed));
  await page.getByRole('combobox', { name: 'Rep' }).fill(typed);
  await searched;
  expect(await page.getByRole('combobox', { name: 'Rep' }).inputValue()).toBe(typed);
  await page.getByRole('option', { name: new RegExp(name) }).click();
};

/** Every row on the page is the rep's call, shown by name with the email second. */
const expectOnlyCallsOf = async (page: Page, name: string, email: string) => {
  await expect
    .poll(async () => (await dataRows(page).allInnerTexts()).every((text) => text.includes(name) && text.includes(email)))
    .toBe(true);
  expect(await dataRows(page).count()).toBeGreaterThan(0);
};

describe('Sessions by rep', () => {
  it('filters by a rep chosen by name, and the erasure names the rep and the number of calls (cancelled)', async ({ page }) => {
    await page.goto(`${baseUrl}/sessions`);
    await page.getByText(/^Showing 1 to 15 of \d+ results$/).waitFor();
    await expect.poll(() => eraseButton(page).count()).toBe(0);

    await pickRep(page, 'Priya', 'Priya Shah');
    await page.getByRole('button', { name: 'Remove filter Rep: Priya Shah (priya.shah@salescoach.test)' }).waitFor();
    await expectOnlyCallsOf(page, 'Priya Shah', 'priya.shah@salescoach.test');
    const total = Number((await page.getByText(/^Showing 1 to \d+ of \d+ results$/).innerText()).match(/of (\d+) results/)?.[1] ?? '0');

    await eraseButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Erase every call of Priya Shah (priya.shah@salescoach.test)?' });
    await dialog.waitFor();
    const message = await dialog.innerText();
    expect(message).toMatch(/All \d+ calls of Priya Shah \(priya\.shah@salescoach\.test\) will be erased/);
    if (total > 0) expect(message).toContain(`All ${total} calls`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expectOnlyCallsOf(page, 'Priya Shah', 'priya.shah@salescoach.test');
  });

  it("follows a user's link from Users, and a restored rep filter shows its chip with no erasure until the rep is picked here", async ({
    page,
  }) => {
    await page.goto(`${baseUrl}/users`);
    await page.getByPlaceholder('Search by email or name...').fill('Marco');
    await page.getByRole('link', { name: 'Calls of Marco Bianchi' }).click();
    await page.waitForURL((url) => url.pathname === '/sessions');
    const chip = page.getByRole('button', { name: 'Remove filter Rep: Marco Bianchi (marco.bianchi@salescoach.test)' });
    await chip.waitFor();
    await expectOnlyCallsOf(page, 'Marco Bianchi', 'marco.bianchi@salescoach.test');
    // A rep that came in by a link is no reason to offer erasing their calls.
    expect(await eraseButton(page).count()).toBe(0);

    await dataRows(page).first().getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL('**/sessions/*');
    await page.getByRole('link', { name: 'Back to Sessions' }).click();
    await page.waitForURL((url) => url.pathname === '/sessions');
    await page.getByRole('status').filter({ hasText: 'Showing the filters you last used' }).waitFor();
    await chip.waitFor();
    await expectOnlyCallsOf(page, 'Marco Bianchi', 'marco.bianchi@salescoach.test');
    expect(await eraseButton(page).count()).toBe(0);

    await pickRep(page, 'Marco', 'Marco Bianchi');
    await eraseButton(page).waitFor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => chip.count()).toBe(0);
    await expect.poll(() => eraseButton(page).count()).toBe(0);
  });
});
