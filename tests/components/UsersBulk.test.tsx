import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, Identifier } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fr } from '@/i18n/fr';
import { UserList } from '@/resources/users/UserList';
import type { UserRecord } from '@/resources/users/userTypes';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildUser, rowOf } from '../support/users';

/** Bulk work on Users. The signed-in admin is Ann; Dee is deleted; Eve's toggle is refused by the server. */
const ann = buildUser();
const bob = buildUser({ id: 'u2', email: 'bob@example.test', name: 'Bob User', role: 'user' });
const cy = buildUser({ id: 'u3', email: 'cy@example.test', name: 'Cy User', role: 'user', isActive: false });
const dee = buildUser({ id: 'u4', email: 'dee@example.test', name: 'Dee Gone', role: 'user', deletedAt: '2026-01-02T00:00:00.000Z' });
const eve = buildUser({ id: 'u5', email: 'eve@example.test', name: 'Eve Admin' });
const LAST_ADMIN = 'At least one active admin must remain';

/** A users store the fake calls change, so the refetch after a bulk action shows the outcome. */
const renderAsAnn = ({ i18nProvider }: { i18nProvider?: I18nProvider } = {}) => {
  const rows = new Map<Identifier, UserRecord>([ann, bob, cy, dee, eve].map((user) => [user.id, { ...user }]));
  const getList = vi.fn(async () => ({ data: [...rows.values()].map((row) => ({ ...row })), total: rows.size }));
  const toggleUser = vi.fn(async (id: Identifier) => {
    if (id === eve.id) throw Object.assign(new Error('refused'), { status: 409, body: { error: 'CONFLICT', message: LAST_ADMIN } });
    const row = rows.get(id)!;
    row.isActive = !row.isActive;
    return { ...row };
  });
  const dataProvider = buildDataProvider({ getList: getList as never, toggleUser });
  const auth = buildFakeAuth({ users: [buildAccount({ email: 'ann@example.test' })], signedInAs: 'ann@example.test' });
  renderInAdmin(<UserList />, { dataProvider, auth, i18nProvider, path: '/users' });
  return { rows, getList, toggleUser };
};

/** Confirms the bulk Disable: its dialog names how many users it disables and the admins among them. */
const confirmDisable = async (user: ReturnType<typeof userEvent.setup>) => {
  const dialog = await screen.findByRole('dialog', { name: 'Disable users' });
  await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
};

const box = async (email: string) => within(await rowOf(email)).getByRole('checkbox');
const bar = () => screen.getByRole('toolbar');

describe('Users: bulk enable and disable', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it("never offers one's own account nor a deleted user, and says why", async () => {
    const user = userEvent.setup();
    renderAsAnn();
    expect(await box('ann@example.test')).toBeDisabled();
    expect(await box('dee@example.test')).toBeDisabled();
    expect(await box('bob@example.test')).toBeEnabled();
    await user.hover((await box('ann@example.test')).closest('span.MuiCheckbox-root')?.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Your own account cannot be selected: you cannot disable it');
    await user.unhover((await box('ann@example.test')).closest('span.MuiCheckbox-root')?.parentElement as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.hover((await box('dee@example.test')).closest('span.MuiCheckbox-root')?.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Deleted users cannot be selected: restore them first');
  });

  it('selects all selectable rows of the page from the keyboard, and clears', async () => {
    const user = userEvent.setup();
    renderAsAnn();
    await rowOf('bob@example.test');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    all.focus();
    await user.keyboard(' ');
    expect(all).toBeChecked();
    expect(await box('bob@example.test')).toBeChecked();
    expect(await box('cy@example.test')).toBeChecked();
    expect(await box('eve@example.test')).toBeChecked();
    expect(await box('ann@example.test')).not.toBeChecked();
    expect(await box('dee@example.test')).not.toBeChecked();
    expect(within(bar()).getByText('3 selected')).toBeInTheDocument();
    // one row off: the select-all box is mixed
    await user.click(await box('cy@example.test'));
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(await box('bob@example.test')).not.toBeChecked();
  });

  it('disables the selection through the toggle, skipping rows already disabled, then refetches and sums up', async () => {
    const user = userEvent.setup();
    const { rows, getList, toggleUser } = renderAsAnn();
    await user.click(await box('bob@example.test'));
    await user.click(await box('cy@example.test'));
    await user.click(await box('eve@example.test'));
    const fetches = getList.mock.calls.length;
    await user.click(within(bar()).getByRole('button', { name: 'Disable' }));
    await confirmDisable(user);
    expect(await screen.findByText(`1 user disabled, 1 already disabled, 1 failed: ${LAST_ADMIN}`)).toBeInTheDocument();
    expect(toggleUser.mock.calls.map(([id]) => id)).toEqual([bob.id, eve.id]);
    expect(getList.mock.calls.length).toBeGreaterThan(fetches);
    expect(rows.get(bob.id)?.isActive).toBe(false);
    expect(rows.get(cy.id)?.isActive).toBe(false);
    // the list shows the outcome and the selection is gone
    await waitFor(async () => expect(within(await rowOf('bob@example.test')).getByText('Inactive')).toBeInTheDocument());
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    // the bar went with the selection: the keyboard goes on from the select-all box, not the page's top
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveFocus();
  });

  it('asks before disabling, naming how many and the admins among them; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    const { toggleUser } = renderAsAnn();
    await user.click(await box('bob@example.test'));
    await user.click(await box('cy@example.test'));
    await user.click(await box('eve@example.test'));
    await user.click(within(bar()).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable users' });
    // Cy is already inactive: two users are disabled, and Eve is an admin
    expect(dialog).toHaveTextContent(
      'Disable 2 users? They are signed out at once and can no longer sign in. Among them is an admin: eve@example.test.',
    );
    // Cancel holds the focus, so Enter does not disable anyone
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggleUser).not.toHaveBeenCalled();
    expect(within(bar()).getByText('3 selected')).toBeInTheDocument();
  });

  it('disables at once, without asking, when nothing selected is active', async () => {
    const user = userEvent.setup();
    const { toggleUser } = renderAsAnn();
    await user.click(await box('cy@example.test'));
    await user.click(within(bar()).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('0 users disabled, 1 already disabled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggleUser).not.toHaveBeenCalled();
  });

  it('enables the selection, leaving alone a row already enabled', async () => {
    const user = userEvent.setup();
    const { rows, toggleUser } = renderAsAnn();
    await user.click(await box('cy@example.test'));
    await user.click(await box('bob@example.test'));
    await user.click(within(bar()).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('1 user enabled, 1 already enabled')).toBeInTheDocument();
    expect(toggleUser.mock.calls.map(([id]) => id)).toEqual([cy.id]);
    expect(rows.get(cy.id)?.isActive).toBe(true);
  });

  it('toggles back a row whose status changed since the page loaded, and counts it as already disabled', async () => {
    const user = userEvent.setup();
    const { rows, toggleUser } = renderAsAnn();
    await user.click(await box('bob@example.test'));
    // someone else disables Bob after the page loaded: the toggle enables him, so it is sent again
    rows.get(bob.id)!.isActive = false;
    await user.click(within(bar()).getByRole('button', { name: 'Disable' }));
    await confirmDisable(user);
    expect(await screen.findByText('0 users disabled, 1 already disabled')).toBeInTheDocument();
    expect(toggleUser.mock.calls.map(([id]) => id)).toEqual([bob.id, bob.id]);
    expect(rows.get(bob.id)?.isActive).toBe(false);
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    renderAsAnn({ i18nProvider: polyglotI18nProvider(() => fr, 'fr') });
    await user.click(await box('bob@example.test'));
    await user.click(await box('cy@example.test'));
    await user.click(await box('eve@example.test'));
    expect(within(bar()).getByText('3 sélectionnés')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Désactiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Désactiver des utilisateurs' });
    expect(dialog).toHaveTextContent(
      'Désactiver 2 utilisateurs ? Ils sont déconnectés aussitôt et ne peuvent plus se connecter. Parmi eux, un administrateur : eve@example.test.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText(`1 utilisateur désactivé, 1 déjà désactivé, 1 échec : ${LAST_ADMIN}`)).toBeInTheDocument();
  });
});
