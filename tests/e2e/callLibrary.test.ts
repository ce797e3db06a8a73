import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseUrl, it } from '../support/e2e';

const pick = async (page: Page, filter: string, option: string) => {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe('the call library', () => {
  it('finds a call by a word a customer said and opens it at that moment', async ({ page }) => {
    await page.goto(`${baseUrl}/search`);
    await page.getByRole('searchbox', { name: 'Words said' }).fill('Avaya');
    await pick(page, 'Speaker', 'Customer');
    const results = page.getByRole('list', { name: 'Search results' });
    const first = results.getByRole('link').first();
    await first.waitFor();
    await expect.poll(() => first.innerText()).toMatch(/^Does it work with our on-premise Avaya phone system\??\s+Customer · /);
    expect(await first.locator('mark').first().innerText()).toBe('Avaya');

    await first.click();
    await page.waitForURL(/\/sessions\/[^?]+\?tab=timeline&t=[^&]+&k=transcript$/);
    const moment = page.locator('[data-highlighted]');
    await moment.waitFor();
    expect(await moment.innerText()).toContain('Does it work with our on-premise Avaya phone system?');
  });

  it("shows where a salesperson crossed a landmine: the list's filter, then the call's timeline", async ({ page }) => {
    await page.getByRole('link', { name: 'Sessions' }).click();
    await page.waitForURL('**/sessions');
    await pick(page, 'Landmines', 'Any landmine');
    await page.waitForURL(/hasLandmine/);
    const row = page.locator('tbody tr').first();
    await row.getByRole('link', { name: 'View Details' }).waitFor();
    await row.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(/\/sessions\/[^/?]+/);

    await page.getByRole('button', { name: 'Landmines only' }).click();
    const timeline = page.getByRole('list', { name: 'Session timeline' });
    const mine = timeline
      .getByRole('listitem')
      .filter({ hasText: /Landmine: / })
      .first();
    await mine.waitFor();
    expect(await mine.innerText()).toMatch(/Category: /);
    expect(
      await timeline
        .getByRole('listitem')
        .filter({ hasNotText: /Landmine: / })
        .count(),
    ).toBe(0);
  });

  it('marks a call in progress failed from its page, once confirmed', async ({ page }) => {
    await page.getByRole('link', { name: 'Sessions' }).click();
    await page.waitForURL('**/sessions');
    await pick(page, 'Status', 'In Progress');
    const row = page.locator('tbody tr').filter({ hasText: 'In Progress' }).first();
    await row.waitFor();
    await row.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(/\/sessions\/[^/?]+/);
    await page.getByText('Last event:').waitFor();

    await page.getByRole('button', { name: 'Mark as failed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this call as failed?' });
    await dialog.getByText(/is still In Progress; its last event came in .+ This cannot be undone\.$/).waitFor();
    await dialog.getByRole('button', { name: 'Mark as failed' }).click();
    await page.getByText('Marked failed by an admin').waitFor();
    expect(await page.getByRole('button', { name: 'Mark as failed' }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 2 }).first().locator('xpath=..').getByText('Failed', { exact: true }).count()).toBe(1);
  });
});
