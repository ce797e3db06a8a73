import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERSION_CONFLICT_MESSAGES } from '@/contract/common';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import { buildDictionaryProvider, buildLandmine } from '../support/dictionaryFakes';
import { renderInAdmin } from '../support/render';
import { buildUser, renderUsers, rowOf } from '../support/users';

/**
 * A delete carries the version of the row the admin saw; one someone else changed since is
 * refused (409 VERSION_CONFLICT) and handled as a save's conflict is (docs/api.md "Versions").
 */
const versionConflict = (record: keyof typeof VERSION_CONFLICT_MESSAGES) =>
  new HttpError(VERSION_CONFLICT_MESSAGES[record], 409, { error: 'VERSION_CONFLICT', message: VERSION_CONFLICT_MESSAGES[record] });
const CONFLICT_TEXT = 'Someone else changed this since you opened it. Reload to see their version; what you typed is kept.';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('deletes over a newer version', () => {
  it('user: Delete User says so inside the dialog, Reload shows theirs, and the next Delete names their version', async () => {
    const user = userEvent.setup();
    const bob = buildUser({ id: 'u2', email: 'bob@example.test', name: 'Bob', role: 'user', version: 1 });
    const remove = vi.fn(async (_resource: string, { id, previousData }: { id: string; previousData?: { version?: number } }) => {
      if (previousData?.version !== bob.version) throw versionConflict('user');
      return { data: { id } };
    });
    renderUsers([buildUser(), bob], { delete: remove } as never);
    await user.click(within(await rowOf('bob@example.test')).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog');
    // Another admin renames and disables Bob after this page listed him.
    Object.assign(bob, { name: 'Robert', isActive: false, version: 2 });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await within(screen.getByRole('dialog')).findByText(CONFLICT_TEXT);
    expect(remove).toHaveBeenLastCalledWith(
      'users',
      expect.objectContaining({ id: 'u2', previousData: expect.objectContaining({ version: 1 }) }),
    );
    expect(screen.queryByText('Failed to delete user')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reload' }));
    expect(await within(screen.getByRole('dialog')).findByText('Their version: Robert, User, Inactive')).toBeInTheDocument();
    expect(screen.getByText('Their version is shown below. Delete again to delete it as it is now.')).toBeInTheDocument();

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(remove).toHaveBeenLastCalledWith('users', expect.objectContaining({ previousData: expect.objectContaining({ version: 2 }) }));
  });

  it('landmine: the delete names the version shown; refused, the banner says so and the list is read again', async () => {
    const user = userEvent.setup();
    const landmine = buildLandmine({ version: 5 });
    const dataProvider = buildDictionaryProvider({ landmines: [landmine] });
    const remove = vi.fn(async (_resource: string, { id, previousData }: { id: string; previousData?: { version?: number } }) => {
      if (previousData?.version !== landmine.version) throw versionConflict('landmine');
      return { data: { id } };
    });
    dataProvider.delete = remove as never;
    const getList = vi.spyOn(dataProvider, 'getList');
    renderInAdmin(<DictionaryPage />, { dataProvider, path: '/dictionary' });
    await user.click(await screen.findByRole('tab', { name: 'Landmines' }, { timeout: 10_000 }));
    await screen.findByText('guaranteed returns');
    const readsBefore = getList.mock.calls.filter(([resource]) => resource === 'landmines').length;
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    // Another admin edits it while the confirmation is open.
    Object.assign(landmine, { category: 'Legal', version: 6 });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalled());
    expect(
      await screen.findByText(
        'Someone else changed this since you opened it, so it was not deleted. The list now shows their version; delete again if it should still go.',
      ),
    ).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith(
      'landmines',
      expect.objectContaining({ id: 'l1', previousData: expect.objectContaining({ version: 5 }) }),
    );
    await waitFor(() => expect(getList.mock.calls.filter(([resource]) => resource === 'landmines').length).toBeGreaterThan(readsBefore));
    expect(screen.getByText('guaranteed returns')).toBeInTheDocument();
  });
});
