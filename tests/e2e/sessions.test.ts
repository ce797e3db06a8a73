import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { it, baseUrl } from '../support/e2e';

const pick = async (page: Page, filter: string, option: string) => {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** The table's data rows (the first row is the header). */
const dataRows = (page: Page) => page.locator('tbody tr');
const nameOfRow = (page: Page, index: number) => dataRows(page).nth(index).locator('td').first().locator('p').first().innerText();

describe('Conversation Sessions', () => {
  it('filters, searches and pages the list, opens a session, uses every tab and comes back', async ({ page }) => {
    await page.getByRole('link', { name: 'Sessions' }).click();
    await page.waitForURL('**/sessions');
    await page.getByText('Conversation Sessions').first().waitFor();
    await page.getByText('View and manage recorded conversation sessions').waitFor();
    await page.getByText(/^Showing 1 to 15 of \d+ results$/).waitFor();

    // Status filter: only failed sessions remain.
    await pick(page, 'Status', 'Failed');
    await expect.poll(async () => (await dataRows(page).allInnerTexts()).every((text) => text.includes('Failed'))).toBe(true);
    await expect.poll(() => dataRows(page).getByText('Completed', { exact: true }).count()).toBe(0);

    // Paging through completed sessions.
    await pick(page, 'Status', 'Completed');
    await expect.poll(() => dataRows(page).getByText('Failed', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText(/^Showing 16 to 30 of \d+ results$/).waitFor();
    const name = await nameOfRow(page, 0);

    // The search reaches every page: the session from page 2 is found from page 1.
    await page.getByPlaceholder('Search sessions...').fill(name);
    await expect.poll(() => nameOfRow(page, 0)).toBe(name);
    const row = dataRows(page).filter({ hasText: name }).first();

    await row.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL('**/sessions/*');
    await page.getByRole('heading', { name }).waitFor();
    await page.getByRole('region', { name: 'Call summary' }).waitFor();

    // Timeline: rows, and a transcript search with highlighted matches.
    const timeline = page.getByRole('list', { name: 'Session timeline' });
    await timeline.getByRole('listitem').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search transcript' }).fill('the');
    await page.getByText(/^1 of \d+ matches$/).waitFor();
    await timeline.locator('mark').first().waitFor();
    await page.getByRole('button', { name: 'Next match' }).click();
    await page.getByText(/^2 of \d+ matches$/).waitFor();

    await page.getByRole('tab', { name: 'Sentiment Analysis' }).click();
    await page.getByRole('region', { name: 'Dominant emotion' }).waitFor();
    await page.getByRole('figure', { name: 'Emotion distribution' }).waitFor();
    expect(page.url()).toContain('tab=sentiment');

    await page.getByRole('tab', { name: 'Speech Rate' }).click();
    await page.getByRole('region', { name: 'Total alerts' }).waitFor();
    await page.getByRole('figure', { name: 'Words per minute over the call' }).waitFor();

    await page.getByRole('tab', { name: 'Statistics' }).click();
    await page.getByRole('region', { name: 'Response rate' }).waitFor();
    await page.getByRole('table', { name: 'Longest monologue' }).waitFor();

    // A shared link opens the same tab.
    await page.reload();
    await page.getByRole('region', { name: 'Response rate' }).waitFor();

    await page.getByRole('tab', { name: 'Timeline' }).click();
    await timeline.getByRole('listitem').first().waitFor();

    // Back to the list as it was left.
    await page.getByRole('link', { name: 'Back to Sessions' }).click();
    // The list's address may carry its filters and search, as the admin left them.
    await page.waitForURL((url) => url.pathname === '/sessions');
    await expect.poll(() => page.getByPlaceholder('Search sessions...').inputValue()).toBe(name);
    await dataRows(page).filter({ hasText: name }).first().waitFor();
  });

  it('walks from the detail across the pages of the list, and the list follows', async ({ page }) => {
    await page.goto(`${baseUrl}/sessions`);
    await page.getByText(/^Showing 1 to 15 of \d+ results$/).waitFor();
    const lastOfFirstPage = await nameOfRow(page, 14);

    await dataRows(page).nth(14).getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('heading', { name: lastOfFirstPage }).waitFor();
    await page.getByText(/^15 of \d+$/).waitFor();

    // Next from the last session of page 1 opens the first of page 2.
    await page.getByRole('link', { name: 'Next session' }).click();
    await page.getByText(/^16 of \d+$/).waitFor();
    // The session's name heads the page's content (an h2: the top bar's title is the page's one h1).
    const firstOfSecondPage = await page.getByRole('heading', { level: 2 }).first().innerText();
    expect(firstOfSecondPage).not.toBe(lastOfFirstPage);

    // The list comes back on page 2, where that session is.
    await page.getByRole('link', { name: 'Back to Sessions' }).click();
    await page.getByText(/^Showing 16 to 30 of \d+ results$/).waitFor();
    expect(await nameOfRow(page, 0)).toBe(firstOfSecondPage);

    // And Previous from there goes back over the edge to page 1.
    await dataRows(page).first().getByRole('link', { name: 'View Details' }).click();
    await page.getByText(/^16 of \d+$/).waitFor();
    await page.getByRole('link', { name: 'Previous session' }).click();
    await page.getByRole('heading', { name: lastOfFirstPage }).waitFor();
    await page.getByText(/^15 of \d+$/).waitFor();
  });
});
