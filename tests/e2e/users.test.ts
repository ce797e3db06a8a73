import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { signIn } from '../support/browser';
import { it, baseUrl } from '../support/e2e';

const authEmulatorHost = inject('authEmulatorHost');
const run = Date.now().toString(36);

const openUsers = async (page: Page) => {
  await page.getByRole('link', { name: 'Users' }).click();
  await page.waitForURL('**/users');
  await page.getByRole('columnheader', { name: 'Last Login' }).waitFor();
};

const pick = async (page: Page, filter: string, option: string) => {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

const search = (page: Page, text: string) => page.getByPlaceholder('Search by email or name...').fill(text);

const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

/** Creates users through the API with the signed-in admin's stored token (spec 7: POST /admin/users). */
const createThroughApi = (page: Page, users: { email: string; name: string }[]) =>
  page.evaluate(async (list) => {
    const { token } = JSON.parse(localStorage.getItem('auth_token') ?? '{}') as { token: string };
    for (const user of list) {
      const response = await fetch('/api/admin/users', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...user, password: 'Paging-pass-1', role: 'user' }),
      });
      if (!response.ok) throw new Error(`POST /api/admin/users: ${response.status} ${await response.text()}`);
    }
  }, users);

/** A self sign-up, as the portal's sign-up page makes one (the emulator's REST API; the email stays unverified). */
const selfSignUp = async (email: string) => {
  const url = `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Squat-pass-1', returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`signUp: ${response.status} ${await response.text()}`);
};

describe('User Management', () => {
  it('creates, finds, edits, resets the password of, disables and deletes a user', async ({ page, newContext }) => {
    const email = `e2e-${run}@example.test`;
    await openUsers(page);

    await page.getByRole('button', { name: 'Add User' }).click();
    const create = page.getByRole('dialog', { name: 'Create New User' });
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('Password').fill('First-pass-1');
    await create.getByLabel('Name').fill(`E2E Person ${run}`);
    await create.getByRole('button', { name: 'Create' }).click();
    await page.getByText('User created successfully').waitFor();

    await search(page, `e2e-${run}`);
    const row = rowOf(page, email);
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await pick(page, 'Role', 'User');
    await pick(page, 'Status', 'Active');
    await row.waitFor();
    await pick(page, 'Role', 'Admin');
    await page.getByText('No users found.').waitFor();
    await pick(page, 'Role', 'All');
    await pick(page, 'Status', 'All');
    await row.waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Name').fill(`E2E Renamed ${run}`);
    await edit.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User updated successfully').waitFor();
    await row.getByText(`E2E Renamed ${run}`).waitFor();
    await row.getByText('Admin', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Reset Password' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await reset.getByLabel('New Password').fill('Second-pass-2');
    await reset.getByLabel('New Password').press('Enter');
    await page.getByText('Password reset successfully').waitFor();

    // The new password works: the account signs in, and the portal then refuses it (its uid is not whitelisted).
    const other = await newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, baseUrl, email, 'Second-pass-2');
    await otherPage.getByText('Access denied. Your account is not authorized to access the admin portal.').waitFor();
    await other.close();

    await row.getByRole('switch', { name: 'Disable user' }).click();
    await page.getByText('User disabled successfully').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    expect(await row.getByRole('switch', { name: 'Enable user' }).isChecked()).toBe(false);

    await row.getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete User' });
    await remove.getByText(`Are you sure you want to delete user ${email}? This action will disable their account.`).waitFor();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('User deleted successfully').waitFor();
    await page.getByText('No users found.').waitFor();
  });

  it('replaces an unverified self sign-up that took the email, in one step from the create dialog', async ({ page }) => {
    const email = `squatted-${run}@example.test`;
    await selfSignUp(email);
    await openUsers(page);

    await page.getByRole('button', { name: 'Add User' }).click();
    const create = page.getByRole('dialog', { name: 'Create New User' });
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('Password').fill('Owner-pass-1');
    await create.getByLabel('Name').fill(`Rightful Owner ${run}`);
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('An account that signed itself up holds this email, and its email is not verified.', { exact: false }).waitFor();
    await create.getByRole('button', { name: 'Replace that account' }).click();
    await page.getByText('User created successfully').waitFor();

    await search(page, email);
    const row = rowOf(page, email);
    await row.getByText(`Rightful Owner ${run}`).waitFor();
    await row.getByText('Not verified', { exact: true }).waitFor();
  });

  it('pages through users and goes back to the first page when rows per page change', async ({ page }) => {
    const tag = `paging-${run}`;
    await createThroughApi(
      page,
      Array.from({ length: 12 }, (_, i) => ({ email: `${tag}-${i}@example.test`, name: `Paging ${i}` })),
    );
    await openUsers(page);
    await search(page, tag);
    await page.getByText('1–10 of 12').waitFor();
    expect(await page.getByRole('row').filter({ hasText: tag }).count()).toBe(10);

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('11–12 of 12').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: tag }).count()).toBe(2);

    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await page.getByText('1–12 of 12').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: tag }).count()).toBe(12);
  });
});
