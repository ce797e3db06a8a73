import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { it } from '../support/e2e';

const run = Date.now().toString(36);

/** Calls the API with the signed-in admin's stored token, as the portal does. */
const api = <T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  page.evaluate(
    async ({ path, init }) => {
      const { token } = JSON.parse(localStorage.getItem('auth_token') ?? '{}') as { token: string };
      const response = await fetch(`/api${path}`, {
        method: init.method ?? 'GET',
        headers: { Authorization: `Bearer ${token}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { path, init },
  ) as Promise<T>;

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      rows.at(-1)!.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      rows.at(-1)!.push(cell);
      cell = '';
      rows.push([]);
      i += 1;
    } else cell += char;
  }
  rows.at(-1)!.push(cell);
  return rows;
};

describe('Audit Log and export', () => {
  it('shows a landmine change made by the admin, with the changed fields', async ({ page }) => {
    const before = `Audit trigger ${run}`;
    const after = `Audit trigger ${run} changed`;
    const created = await api<{ landmine: { _id: string } }>(page, '/landmines', {
      method: 'POST',
      body: { trigger: before, category: 'compliance' },
    });
    await api(page, `/landmines/${created.landmine._id}`, { method: 'PUT', body: { trigger: after, category: 'compliance' } });

    await page.getByRole('link', { name: 'Audit Log' }).click();
    await page.waitForURL('**/audit**');
    await page.getByRole('textbox', { name: 'Action' }).fill('landmine.update');
    // The filter reaches the address after its debounce: Back must return to the filtered list.
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('landmine.update'));
    const row = page.getByRole('row').filter({ hasText: `Trigger: ${before} → ${after}` });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('admin@salescoach.test');
    await expect(row.textContent()).resolves.toContain(created.landmine._id);

    await row.getByText(`Trigger: ${before} → ${after}`).click();
    await page.waitForURL('**/audit/*/show');
    await page.getByText('Landmine updated').first().waitFor();

    // and by keyboard: the row's first cell (its time) is a link to the same page
    await page.goBack();
    const link = row.getByRole('link').first();
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/audit/*/show');
    await page.getByText('Landmine updated').first().waitFor();
  });

  it('exports exactly the users the API returns for the Admin role filter', async ({ page }) => {
    await page.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/users');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
    const exported = rows.map((cells) => Object.fromEntries(header.map((column, i) => [column, cells[i]])));

    const expected: { _id: string; email: string; role: string }[] = [];
    for (let p = 1; ; p += 1) {
      const body = await api<{ data: { users: typeof expected; pagination: { pages: number } } }>(
        page,
        `/admin/users?role=admin&limit=100&page=${p}`,
      );
      expected.push(...body.data.users);
      if (p >= body.data.pagination.pages) break;
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(exported.map((row) => [row.id, row.email, row.role])).toEqual(expected.map((user) => [user._id, user.email, user.role]));
    await page.getByText(`Exported ${expected.length} row`).waitFor();
  });
});
