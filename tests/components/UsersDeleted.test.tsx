import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, type GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '@/contract/users';
import type { UserRecord } from '@/resources/users/userTypes';
import { dialog, fillCreate, openCreate, setUpUserDialogTests } from '../support/userDialogs';
import { buildUser, renderUsers, rowOf } from '../support/users';

setUpUserDialogTests();

/** Deleted users can be found (Status = Deleted), restored, and their email reused deliberately. */
const deletedNew = buildUser({
  id: 'gone',
  email: 'new@example.test',
  name: 'Former Holder',
  role: 'user',
  isActive: false,
  deletedAt: '2026-01-01T00:00:00.000Z',
  emailFreed: false,
});
const heldByDeleted = () =>
  new HttpError(USER_MESSAGES.emailHeldByDeleted, 409, { error: 'EMAIL_HELD_BY_DELETED', message: USER_MESSAGES.emailHeldByDeleted });

/** getList answers the deleted users to a `deleted` filter, the live ones otherwise. */
const listOf = (live: UserRecord[], deleted: UserRecord[]) =>
  vi.fn(async (_resource: string, { filter }: GetListParams) => {
    const data = filter?.deleted ? deleted : live;
    return { data, total: data.length };
  });

describe('deleted users', () => {
  it('lists them with Status = Deleted and restores one from its row', async () => {
    const user = userEvent.setup();
    const freed = buildUser({
      id: 'freed',
      email: 'freed@example.test',
      name: 'Freed',
      deletedAt: '2026-01-02T00:00:00.000Z',
      emailFreed: true,
    });
    const getList = listOf([buildUser()], [deletedNew, freed]);
    const restoreUser = vi.fn(async (id: string | number) => ({ id }));
    renderUsers([], { getList, restoreUser } as never);
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Deleted' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({ deleted: true }));

    const row = await rowOf('new@example.test');
    expect(within(row).getByText('Deleted')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(await rowOf('freed@example.test')).getByText('Email freed')).toBeInTheDocument();
    expect(within(await rowOf('freed@example.test')).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();

    const before = getList.mock.calls.length;
    await user.click(within(row).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('User restored successfully')).toBeInTheDocument();
    expect(restoreUser).toHaveBeenCalledWith('gone');
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(before));
  });

  it("Create over a deleted user's email offers Restore the deleted account", async () => {
    const user = userEvent.setup();
    const create = vi.fn(async () => Promise.reject(heldByDeleted()));
    const restoreUser = vi.fn(async (id: string | number) => ({ id }));
    renderUsers([buildUser()], { getList: listOf([buildUser()], [deletedNew]), create, restoreUser } as never);
    await openCreate(user);
    await fillCreate(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));

    expect(await within(dialog()).findByText(/A deleted user has this email/)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Restore the deleted account' }));
    expect(await screen.findByText('User restored successfully')).toBeInTheDocument();
    expect(restoreUser).toHaveBeenCalledWith('gone');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Create over a deleted user email offers Free the email, then creates the new account', async () => {
    const user = userEvent.setup();
    const create = vi
      .fn()
      .mockRejectedValueOnce(heldByDeleted())
      .mockImplementation(async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 'new' } }));
    const freeUserEmail = vi.fn(async (id: string | number) => ({ id }));
    const restoreUser = vi.fn();
    renderUsers([buildUser()], { getList: listOf([buildUser()], [deletedNew]), create, freeUserEmail, restoreUser } as never);
    await openCreate(user);
    await fillCreate(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Free the email' }));

    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(freeUserEmail).toHaveBeenCalledWith('gone');
    expect(restoreUser).not.toHaveBeenCalled();
    expect(create).toHaveBeenCalledTimes(2);
    expect(create).toHaveBeenLastCalledWith('users', {
      data: { email: 'new@example.test', password: 'secret1', name: 'New Person', role: 'user' },
    });
  });

  it('keeps the typed form and says so when freeing the email fails', async () => {
    const user = userEvent.setup();
    const create = vi.fn(async () => Promise.reject(heldByDeleted()));
    const freeUserEmail = vi.fn(async () => Promise.reject(new Error('')));
    renderUsers([buildUser()], { getList: listOf([buildUser()], [deletedNew]), create, freeUserEmail } as never);
    await openCreate(user);
    await fillCreate(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Free the email' }));
    expect(await within(dialog()).findByText('Failed to free the email')).toBeInTheDocument();
    expect(within(dialog()).getByLabelText(/^Name/)).toHaveValue('New Person');
    expect(create).toHaveBeenCalledTimes(1);
  });
});
