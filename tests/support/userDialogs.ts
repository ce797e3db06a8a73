import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { rowOf } from './users';

/** What the users dialogs' tests share: failing calls, the open dialog, opening and filling it. */

type User = ReturnType<typeof userEvent.setup>;

export const conflict = (message: string) => vi.fn(async () => Promise.reject(new HttpError(message, 409, { error: 'CONFLICT', message })));
export const silentFailure = () => vi.fn(async () => Promise.reject(new Error('')));

export const dialog = () => screen.getByRole('dialog');
export const button = (name: string) => within(dialog()).getByRole('button', { name });

export const openCreate = async (user: User) => {
  await screen.findByText('Ann Admin');
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  return screen.findByRole('dialog', { name: 'Create New User' });
};

export const openRowAction = async (user: User, action: string, email = 'ann@example.test') => {
  await user.click(within(await rowOf(email)).getByRole('button', { name: action }));
  return screen.findByRole('dialog');
};

export const fillCreate = async (user: User, { email = 'new@example.test', password = 'secret1', name = 'New Person' } = {}) => {
  if (email) await user.type(within(dialog()).getByLabelText(/^Email/), email);
  if (password) await user.type(within(dialog()).getByLabelText(/^Password/), password);
  if (name) await user.type(within(dialog()).getByLabelText(/^Name/), name);
};

/** Waits until getList ran more often than `before`, i.e. the list refetched. */
export const expectRefetch = (getList: { mock: { calls: unknown[] } }, before: number) =>
  waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(before));

/** Call at the top of a users dialogs test file: a longer timeout, a quiet console, real timers after each test. */
export const setUpUserDialogTests = () => {
  // Dialogs with several fields typed key by key take a while in jsdom on a busy machine.
  vi.setConfig({ testTimeout: 20_000 });
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
};
