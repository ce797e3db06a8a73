import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { button, conflict, dialog, expectRefetch, openRowAction, setUpUserDialogTests, silentFailure } from '../support/userDialogs';
import { buildUser, renderUsers } from '../support/users';

setUpUserDialogTests();

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
    // The error colour of the dictionary's confirmations (ConfirmDialog), not the primary blue.
    expect(button('Delete')).toHaveClass('MuiButton-colorError');
    expect(button('Delete')).not.toHaveClass('MuiButton-colorPrimary');
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
