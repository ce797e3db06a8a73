import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { signIn } from '../support/browser';
import { it, baseUrl } from '../support/e2e';

/**
 * Deleted users in the browser, against the real server and the Auth emulator: a deleted user
 * is found with Status = Deleted and restored (it signs in again), and creating a user over a
 * deleted user's email offers to free the email, which lets the create through.
 */
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
const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

const createUser = async (page: Page, email: string, name: string, password: string) => {
  await page.getByRole('button', { name: 'Add User' }).click();
  const create = page.getByRole('dialog', { name: 'Create New User' });
  await create.getByLabel('Email').fill(email);
  await create.getByLabel('Password').fill(password);
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Create' }).click();
  return create;
};

const deleteUser = async (page: Page, email: string) => {
  await page.getByPlaceholder('Search by email or name...').fill(email);
  await rowOf(page, email).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByText('User deleted successfully').waitFor();
};

describe('deleted users', () => {
  it('finds a deleted user with Status = Deleted and restores it: the account signs in again', async ({ page, newContext }) => {
    const email = `restored-${run}@example.test`;
    await openUsers(page);
    await createUser(page, email, `Restored ${run}`, 'Restore-pass-1');
    await page.getByText('User created successfully').waitFor();
    await deleteUser(page, email);

    await pick(page, 'Status', 'Deleted');
    const row = rowOf(page, email);
    await row.getByText('Deleted', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('User restored successfully').waitFor();
    await pick(page, 'Status', 'Active');
    await rowOf(page, email).getByText('Active', { exact: true }).waitFor();

    // The account signs in again (the portal then refuses it: its uid is not an admin).
    const other = await newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, baseUrl, email, 'Restore-pass-1');
    await otherPage.getByText('Access denied. Your account is not authorized to access the admin portal.').waitFor();
    await other.close();
  });

  it("creates a user over a deleted user's email after freeing it from the create dialog", async ({ page }) => {
    const email = `reused-${run}@example.test`;
    await openUsers(page);
    await createUser(page, email, `First Holder ${run}`, 'First-pass-1');
    await page.getByText('User created successfully').waitFor();
    await deleteUser(page, email);

    const create = await createUser(page, email, `Second Holder ${run}`, 'Second-pass-2');
    await create.getByText('A deleted user has this email.', { exact: false }).waitFor();
    await create.getByRole('button', { name: 'Free the email' }).click();
    await page.getByText('User created successfully').waitFor();
    await rowOf(page, email).getByText(`Second Holder ${run}`).waitFor();

    await pick(page, 'Status', 'Deleted');
    await rowOf(page, email).getByText('Email freed', { exact: true }).waitFor();
  });
});
