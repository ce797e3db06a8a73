import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { it } from '../support/e2e';

const open = async (page: Page, link: string, path: string, header: string) => {
  await page.getByRole('link', { name: link }).click();
  await page.waitForURL(`**/${path}`);
  await page.getByRole('columnheader', { name: header }).waitFor();
};

/** The table's data rows (the first row is the header). */
const dataRows = (page: Page) => page.locator('tbody tr');

describe('List preferences, remembered across a reload', () => {
  it('hides a column on Sessions and it stays hidden after a reload', async ({ page }) => {
    await open(page, 'Sessions', 'sessions', 'Room');
    await dataRows(page).first().getByRole('link', { name: 'View Details' }).waitFor();

    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const menu = page.getByRole('menu', { name: 'Columns to show' });
    await expect.poll(() => menu.getByRole('menuitemcheckbox', { name: /^Session Info/ }).getAttribute('aria-disabled')).toBe('true');
    await menu.getByRole('menuitemcheckbox', { name: 'Room' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('columnheader', { name: 'Room' }).count()).toBe(0);
    // one cell per column shown, Room's gone with its header
    expect(await dataRows(page).first().locator('td').count()).toBe(await page.getByRole('columnheader').count());

    await page.reload();
    await page.getByRole('columnheader', { name: 'Session Info' }).waitFor();
    await dataRows(page).first().getByRole('link', { name: 'View Details' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Room' }).count()).toBe(0);
    // one cell per column shown, Room's gone with its header
    expect(await dataRows(page).first().locator('td').count()).toBe(await page.getByRole('columnheader').count());
    await page.getByRole('button', { name: 'Columns (1 hidden)' }).waitFor();
  });

  it('keeps the filters on Users across a reload, saves a query and applies it', async ({ page }) => {
    await open(page, 'Users', 'users', 'Last Login');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await expect.poll(async () => (await dataRows(page).allInnerTexts()).every((text) => text.includes('Admin'))).toBe(true);

    await page.getByRole('button', { name: 'Saved queries' }).click();
    await page.getByRole('button', { name: 'Save current query' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the current filters and search' });
    await dialog.getByLabel('Name').fill('Admins only');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    await page.reload();
    await page.getByRole('columnheader', { name: 'Last Login' }).waitFor();
    // the list's filters are in its address (react-admin's sync): the reload keeps them
    await expect.poll(() => page.getByRole('combobox', { name: 'Role' }).innerText()).toBe('Admin');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await expect.poll(async () => (await dataRows(page).allInnerTexts()).some((text) => !text.includes('Admin'))).toBe(true);
    await page.getByRole('button', { name: 'Saved queries' }).click();
    await page.getByRole('button', { name: 'Apply Admins only' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Role' }).innerText()).toBe('Admin');
    await expect.poll(async () => (await dataRows(page).allInnerTexts()).every((text) => text.includes('Admin'))).toBe(true);
    await page.getByRole('button', { name: 'Saved queries' }).click();
    await page.getByRole('button', { name: 'Apply Admins only' }).waitFor();
  });
});
