import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { it } from '../support/e2e';

/** Bulk work: select rows, act on all of them, and see the outcome, in Chromium against the real server. */
const run = Date.now();

/** One API call with the signed-in admin's stored token; answers the JSON body. */
const api = (page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  page.evaluate(
    async ({ path, method, body }) => {
      const { token } = JSON.parse(localStorage.getItem('auth_token') ?? '{}') as { token: string };
      const response = await fetch(`/api${path}`, {
        method: method ?? 'GET',
        headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<unknown>;
    },
    { path, method: init.method, body: init.body },
  );

/** The audit rows of one action on one target (the audit log's own filter). */
const auditCount = async (page: Page, action: string, targetId: string) =>
  ((await api(page, `/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action, targetId }))}`)) as unknown[]).length;

const openLandmines = async (page: Page, trigger: string) => {
  await page.getByRole('link', { name: 'Dictionary' }).click();
  await page.waitForURL('**/dictionary');
  await page.getByRole('tab', { name: 'Landmines' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(trigger);
};

describe('Bulk actions in the browser', () => {
  it('deactivates two landmines at once (Undo offered, one audit row each), then deletes them', async ({ page }) => {
    const trigger = `e2e bulk trigger ${run}`;
    const ids: string[] = [];
    for (const suffix of ['one', 'two']) {
      const body = (await api(page, '/landmines', { method: 'POST', body: { trigger: `${trigger} ${suffix}`, category: 'Bulk' } })) as {
        landmine: { _id: string };
      };
      ids.push(body.landmine._id);
    }
    await openLandmines(page, trigger);
    const rows = page.getByTestId('landmine-row').filter({ hasText: trigger });
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByRole('toolbar');
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.getByText('2 landmines deactivated').waitFor();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    // shown inactive at once; saved when the notification closes
    await expect.poll(() => rows.getByText('Inactive', { exact: true }).count()).toBe(2);
    await page.getByRole('button', { name: 'Undo' }).waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(async () => Promise.all(ids.map((id) => auditCount(page, 'landmine.toggle', id))), { timeout: 10_000 })
      .toEqual([1, 1]);

    // still inactive after a reload: the server has them so
    await page.reload();
    await page.getByRole('tab', { name: 'Landmines' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(trigger);
    await expect.poll(() => rows.getByText('Inactive', { exact: true }).count()).toBe(2);

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('2 landmines deleted').waitFor();
    expect(await rows.count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(async () => Promise.all(ids.map((id) => auditCount(page, 'landmine.delete', id))), { timeout: 10_000 })
      .toEqual([1, 1]);
  });

  it("disables selected users with a summary; the admin's own row cannot be selected", async ({ page }) => {
    const prefix = `e2e-bulk-${run}`;
    for (const name of ['one', 'two']) {
      await api(page, '/admin/users', {
        method: 'POST',
        body: { email: `${prefix}-${name}@example.test`, name: `Bulk ${name}`, password: 'Bulk-pass-1', role: 'user' },
      });
    }
    await page.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/users');

    const own = page.getByRole('row').filter({ hasText: 'admin@salescoach.test' });
    await page.getByPlaceholder('Search by email or name...').fill('admin@salescoach.test');
    expect(await own.getByRole('checkbox').isDisabled()).toBe(true);

    await page.getByPlaceholder('Search by email or name...').fill(prefix);
    const rows = page.getByRole('row').filter({ hasText: prefix });
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('toolbar').getByText('2 selected').waitFor();
    await page.getByRole('toolbar').getByRole('button', { name: 'Disable', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable users' });
    await confirm.getByText('Disable 2 users?').waitFor();
    await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByText('2 users disabled').waitFor();
    await expect.poll(() => rows.getByText('Inactive', { exact: true }).count()).toBe(2);
    expect(await page.getByRole('toolbar').count()).toBe(0);
  });
});
