import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalDataProvider } from '@/dataProvider/types';
import { buildUser, renderUsers, rowOf } from '../support/users';

type User = ReturnType<typeof userEvent.setup>;

const conflict = (message: string) => vi.fn(async () => Promise.reject(new HttpError(message, 409, { error: 'CONFLICT', message })));
const silentFailure = () => vi.fn(async () => Promise.reject(new Error('')));

const dialog = () => screen.getByRole('dialog');
const button = (name: string) => within(dialog()).getByRole('button', { name });

const openCreate = async (user: User) => {
  await screen.findByText('Ann Admin');
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  return screen.findByRole('dialog', { name: 'Create New User' });
};

const openRowAction = async (user: User, action: string, email = 'ann@example.test') => {
  await user.click(within(await rowOf(email)).getByRole('button', { name: action }));
  return screen.findByRole('dialog');
};

const fillCreate = async (user: User, { email = 'new@example.test', password = 'secret1', name = 'New Person' } = {}) => {
  if (email) await user.type(within(dialog()).getByLabelText(/^Email/), email);
  if (password) await user.type(within(dialog()).getByLabelText(/^Password/), password);
  if (name) await user.type(within(dialog()).getByLabelText(/^Name/), name);
};

/** Waits until getList ran more often than `before`, i.e. the list refetched. */
const expectRefetch = (getList: { mock: { calls: unknown[] } }, before: number) =>
  waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(before));

// Dialogs with several fields typed key by key take a while in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Create New User', () => {
  it('focuses Email, explains the password and defaults the role to user', async () => {
    const user = userEvent.setup();
    renderUsers();
    const form = await openCreate(user);
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(within(form).getByText('Minimum 6 characters')).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveTextContent('User');
  });

  it.each([
    ['the email is missing', { email: '' }],
    ['the password is shorter than 6 characters', { password: '12345' }],
    ['the name is missing', { name: '' }],
  ])('keeps Create disabled while %s', async (_case, values) => {
    const user = userEvent.setup();
    renderUsers();
    await openCreate(user);
    await fillCreate(user, values);
    expect(button('Create')).toBeDisabled();
  });

  it('creates with Enter, confirms, closes and refetches', async () => {
    const user = userEvent.setup();
    const { getList, dataProvider } = renderUsers();
    await openCreate(user);
    await fillCreate(user);
    await user.click(within(dialog()).getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    const before = getList.mock.calls.length;
    await user.type(within(dialog()).getByRole('textbox', { name: 'Name' }), '{Enter}');
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith('users', {
      data: { email: 'new@example.test', password: 'secret1', name: 'New Person', role: 'admin' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expectRefetch(getList, before);
  });

  it("shows the server's message for an existing email and keeps the form", async () => {
    const user = userEvent.setup();
    renderUsers([buildUser()], { create: conflict('A user with this email already exists') });
    await openCreate(user);
    await fillCreate(user);
    await user.click(button('Create'));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('A user with this email already exists');
    expect(within(dialog()).getByRole('textbox', { name: 'Email' })).toHaveValue('new@example.test');
    await user.click(within(alert).getByRole('button', { name: /close/i }));
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('when an unverified self sign-up holds the email', () => {
    const HELD =
      'An account that signed itself up holds this email, and its email is not verified. You can replace that account with the one you are creating.';
    const held = () => new HttpError(HELD, 409, { error: 'EMAIL_HELD_UNVERIFIED', message: HELD });
    /** Refuses the first create with EMAIL_HELD_UNVERIFIED, accepts the next. */
    const heldOnce = () => {
      let calls = 0;
      return vi.fn(async (_resource: string, { data }: { data: object }) => {
        calls += 1;
        if (calls === 1) throw held();
        return { data: { ...data, id: 'new' } };
      });
    };

    it("shows the server's message and replaces that account with the same form", async () => {
      const user = userEvent.setup();
      const create = heldOnce();
      const { getList } = renderUsers([buildUser()], { create: create as PortalDataProvider['create'] });
      await openCreate(user);
      await fillCreate(user);
      await user.click(button('Create'));
      const alert = await within(dialog()).findByRole('alert');
      expect(alert).toHaveTextContent(HELD);
      const before = getList.mock.calls.length;
      await user.click(within(alert).getByRole('button', { name: 'Replace that account' }));
      expect(await screen.findByText('User created successfully')).toBeInTheDocument();
      expect(create).toHaveBeenCalledTimes(2);
      expect(create).toHaveBeenLastCalledWith('users', {
        data: { email: 'new@example.test', password: 'secret1', name: 'New Person', role: 'user', replaceUnverified: true },
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await expectRefetch(getList, before);
    });

    it('offers no replacement once the email is changed', async () => {
      const user = userEvent.setup();
      renderUsers([buildUser()], { create: vi.fn(async () => Promise.reject(held())) });
      await openCreate(user);
      await fillCreate(user);
      await user.click(button('Create'));
      await within(dialog()).findByRole('button', { name: 'Replace that account' });
      await user.type(within(dialog()).getByRole('textbox', { name: 'Email' }), 'x');
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(HELD);
      expect(within(dialog()).queryByRole('button', { name: 'Replace that account' })).not.toBeInTheDocument();
    });

    it('shows no Replace button for a plain EMAIL_EXISTS', async () => {
      const user = userEvent.setup();
      const message = 'A user with this email already exists';
      renderUsers([buildUser()], {
        create: vi.fn(async () => Promise.reject(new HttpError(message, 409, { error: 'EMAIL_EXISTS', message }))),
      });
      await openCreate(user);
      await fillCreate(user);
      await user.click(button('Create'));
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(message);
      expect(within(dialog()).queryByRole('button', { name: 'Replace that account' })).not.toBeInTheDocument();
    });
  });

  it('falls back to "Failed to create user"', async () => {
    const user = userEvent.setup();
    renderUsers([buildUser()], { create: silentFailure() });
    await openCreate(user);
    await fillCreate(user);
    await user.click(button('Create'));
    expect(await within(dialog()).findByText('Failed to create user')).toBeInTheDocument();
  });

  it('closes with Escape without creating', async () => {
    const user = userEvent.setup();
    const { dataProvider } = renderUsers();
    await openCreate(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.create).not.toHaveBeenCalled();
  });
});

describe('Edit User', () => {
  it('shows the email read-only, focuses the name and disables Save while it is empty', async () => {
    const user = userEvent.setup();
    renderUsers();
    const form = await openRowAction(user, 'Edit');
    expect(within(form).getByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.test');
    expect(within(form).getByRole('textbox', { name: 'Email' })).toBeDisabled();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    await user.clear(name);
    expect(button('Save')).toBeDisabled();
  });

  it('saves name, role and active flag, confirms and refetches', async () => {
    const user = userEvent.setup();
    const { getList, dataProvider } = renderUsers();
    const form = await openRowAction(user, 'Edit');
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Ann Renamed');
    await user.click(within(form).getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'User' }));
    await user.click(within(form).getByRole('switch', { name: 'Active' }));
    const before = getList.mock.calls.length;
    await user.click(button('Save'));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({
        id: 'u1',
        data: { name: 'Ann Renamed', role: 'user', isActive: false },
      }),
    );
    await expectRefetch(getList, before);
  });

  it("shows the server's rule violation, else the fallback", async () => {
    const user = userEvent.setup();
    renderUsers([buildUser()], { update: conflict('You cannot demote your own account') });
    await openRowAction(user, 'Edit');
    await user.click(button('Save'));
    expect(await within(dialog()).findByText('You cannot demote your own account')).toBeInTheDocument();
  });

  it('falls back to "Failed to update user"', async () => {
    const user = userEvent.setup();
    renderUsers([buildUser()], { update: silentFailure() });
    await openRowAction(user, 'Edit');
    await user.click(button('Save'));
    expect(await within(dialog()).findByText('Failed to update user')).toBeInTheDocument();
  });
});

describe('Reset Password', () => {
  it('keeps the button disabled below 6 characters', async () => {
    const user = userEvent.setup();
    renderUsers();
    const form = await openRowAction(user, 'Reset Password');
    const password = within(form).getByLabelText(/^New Password/);
    expect(password).toHaveFocus();
    await user.type(password, '12345');
    expect(button('Reset Password')).toBeDisabled();
    await user.type(password, '6');
    expect(button('Reset Password')).toBeEnabled();
  });

  it('resets, confirms and does not refetch', async () => {
    const user = userEvent.setup();
    const { getList, dataProvider } = renderUsers();
    const form = await openRowAction(user, 'Reset Password');
    await user.type(within(form).getByLabelText(/^New Password/), 'brand-new{Enter}');
    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
    expect(dataProvider.resetPassword).toHaveBeenCalledWith('u1', 'brand-new');
    const calls = getList.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(getList.mock.calls.length).toBe(calls);
  });

  it('falls back to "Failed to reset password"', async () => {
    const user = userEvent.setup();
    renderUsers([buildUser()], { resetPassword: silentFailure() });
    const form = await openRowAction(user, 'Reset Password');
    await user.type(within(form).getByLabelText(/^New Password/), 'brand-new{Enter}');
    expect(await within(dialog()).findByText('Failed to reset password')).toBeInTheDocument();
  });
});

describe('Delete User', () => {
  it('asks with the spec sentence, deletes, confirms and refetches', async () => {
    const user = userEvent.setup();
    const { getList, dataProvider } = renderUsers();
    const form = await openRowAction(user, 'Delete');
    expect(within(form).getByRole('heading', { name: 'Delete User' })).toBeInTheDocument();
    expect(form).toHaveTextContent('Are you sure you want to delete user ann@example.test? This action will disable their account.');
    const before = getList.mock.calls.length;
    await user.click(button('Delete'));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith('users', expect.objectContaining({ id: 'u1' }));
    await expectRefetch(getList, before);
  });

  it("shows the server's message, else the fallback", async () => {
    const user = userEvent.setup();
    renderUsers([buildUser()], { delete: conflict('At least one active admin must remain') });
    await openRowAction(user, 'Delete');
    await user.click(button('Delete'));
    expect(await within(dialog()).findByText('At least one active admin must remain')).toBeInTheDocument();
  });

  it('falls back to "Failed to delete user"', async () => {
    const user = userEvent.setup();
    renderUsers([buildUser()], { delete: silentFailure() });
    await openRowAction(user, 'Delete');
    await user.click(button('Delete'));
    expect(await within(dialog()).findByText('Failed to delete user')).toBeInTheDocument();
  });
});

describe('the enable/disable switch', () => {
  it('disables an active user, confirms and refetches', async () => {
    const user = userEvent.setup();
    const { getList, dataProvider } = renderUsers();
    const before = getList.mock.calls.length;
    await user.click(within(await rowOf('ann@example.test')).getByRole('switch', { name: 'Disable user' }));
    expect(await screen.findByText('User disabled successfully')).toBeInTheDocument();
    expect(dataProvider.toggleUser).toHaveBeenCalledWith('u1');
    await expectRefetch(getList, before);
  });

  it('enables an inactive user', async () => {
    const user = userEvent.setup();
    renderUsers([buildUser({ isActive: false })]);
    await user.click(within(await rowOf('ann@example.test')).getByRole('switch', { name: 'Enable user' }));
    expect(await screen.findByText('User enabled successfully')).toBeInTheDocument();
  });

  it("shows the server's message in a dismissible banner, else the fallback", async () => {
    const user = userEvent.setup();
    renderUsers([buildUser()], { toggleUser: conflict('You cannot disable your own account') });
    await user.click(within(await rowOf('ann@example.test')).getByRole('switch', { name: 'Disable user' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot disable your own account');
    await user.click(within(alert).getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to "Failed to toggle user status"', async () => {
    const user = userEvent.setup();
    renderUsers([buildUser()], { toggleUser: silentFailure() });
    await user.click(within(await rowOf('ann@example.test')).getByRole('switch', { name: 'Disable user' }));
    expect(await screen.findByText('Failed to toggle user status')).toBeInTheDocument();
  });
});

describe('success banners', () => {
  it('vanish after a few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderUsers();
    await user.click(within(await rowOf('ann@example.test')).getByRole('switch', { name: 'Disable user' }));
    expect(await screen.findByText('User disabled successfully')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByText('User disabled successfully')).not.toBeInTheDocument();
  });

  it('render server text as text, never HTML', async () => {
    const user = userEvent.setup();
    renderUsers([buildUser()], { toggleUser: conflict('<b>bold</b>') });
    await user.click(within(await rowOf('ann@example.test')).getByRole('switch', { name: 'Disable user' }));
    expect(await screen.findByText('<b>bold</b>')).toBeInTheDocument();
  });
});
