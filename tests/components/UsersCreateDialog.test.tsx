import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { PortalDataProvider } from '@/dataProvider/types';
import {
  button,
  conflict,
  dialog,
  expectRefetch,
  fillCreate,
  openCreate,
  setUpUserDialogTests,
  silentFailure,
} from '../support/userDialogs';
import { buildUser, renderUsers } from '../support/users';

setUpUserDialogTests();

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
