import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserList } from '@/resources/users/UserList';
import type { UserRecord } from '@/resources/users/userTypes';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildUser, rowOf } from '../support/users';

/** Destructive defaults. The signed-in admin is Ann; Bob is someone else. */
const ann = buildUser();
const bob = buildUser({ id: 'u2', email: 'bob@example.test', name: 'Bob Admin' });

const renderAsAnn = (users: UserRecord[] = [ann, bob]) => {
  const dataProvider = buildDataProvider({
    getList: vi.fn(async (_resource: string, _params: GetListParams) => ({ data: users, total: users.length })) as never,
    update: vi.fn(async (_resource: string, { id, data }: { id: string; data: object }) => ({ data: { ...data, id } })) as never,
    delete: vi.fn(async (_resource: string, { id }: { id: string }) => ({ data: { id } })) as never,
    toggleUser: vi.fn(async (id) => ({ id })),
  });
  const auth = buildFakeAuth({ users: [buildAccount({ email: 'ANN@example.test' })], signedInAs: 'ANN@example.test' });
  renderInAdmin(<UserList />, { dataProvider, auth, path: '/users' });
  return dataProvider;
};

const dialog = () => screen.getByRole('dialog');

describe("Users: the signed-in admin's own row", { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('disables disabling and deleting oneself, and says why; other rows keep them', async () => {
    const user = userEvent.setup();
    renderAsAnn();
    const own = await rowOf('ann@example.test');
    const other = await rowOf('bob@example.test');
    expect(within(own).getByRole('switch', { name: 'Disable user' })).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(other).getByRole('switch', { name: 'Disable user' })).toBeEnabled();
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeEnabled();

    await user.hover(within(own).getByRole('button', { name: 'Delete' }).parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You cannot delete your own account');
    await user.unhover(within(own).getByRole('button', { name: 'Delete' }).parentElement as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.hover(
      within(own).getByRole('switch', { name: 'Disable user' }).closest('span.MuiSwitch-root')?.parentElement as HTMLElement,
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You cannot disable your own account');
  });

  it("keeps one's own role and status in Edit User, saying why, and still saves the name", async () => {
    const user = userEvent.setup();
    const dataProvider = renderAsAnn();
    await user.click(within(await rowOf('ann@example.test')).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(form).getByText('You cannot demote your own account')).toBeInTheDocument();
    expect(within(form).getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(within(form).getByText('You cannot disable your own account')).toBeInTheDocument();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Ann Renamed');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({ id: 'u1', data: { name: 'Ann Renamed', role: 'admin', isActive: true } }),
    );
  });

  it("leaves another admin's role and status editable", async () => {
    const user = userEvent.setup();
    renderAsAnn();
    await user.click(within(await rowOf('bob@example.test')).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(form).getByRole('combobox', { name: 'Role' })).not.toHaveAttribute('aria-disabled');
    expect(within(form).getByRole('switch', { name: 'Active' })).toBeEnabled();
    expect(within(form).queryByText('You cannot demote your own account')).not.toBeInTheDocument();
  });

  it('focuses Cancel in Delete User, so Enter does not delete', async () => {
    const user = userEvent.setup();
    const dataProvider = renderAsAnn();
    await user.click(within(await rowOf('bob@example.test')).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog', { name: 'Delete User' });
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.delete).not.toHaveBeenCalled();
  });
});
