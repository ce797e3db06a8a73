import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { conflict, expectRefetch, setUpUserDialogTests, silentFailure } from '../support/userDialogs';
import { buildUser, renderUsers, rowOf } from '../support/users';

setUpUserDialogTests();

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

  it('keeps the keyboard focus on the switch through the change, ignoring presses while it is sent', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => undefined;
    const toggleUser = vi.fn(
      (id: string) =>
        new Promise<{ id: string }>((settle) => {
          answer = () => settle({ id });
        }),
    );
    renderUsers([buildUser()], { toggleUser } as never);
    const toggle = within(await rowOf('ann@example.test')).getByRole('switch', { name: 'Disable user' });
    toggle.focus();
    await user.keyboard(' ');
    await user.keyboard(' ');
    // the second press came while the first was sent: one change only, and the focus stayed
    expect(toggleUser).toHaveBeenCalledTimes(1);
    expect(toggle).toHaveFocus();
    act(() => answer());
    expect(await screen.findByText('User disabled successfully')).toBeInTheDocument();
    // the list read again after the change: the focus is still on the row's switch
    await waitFor(async () => expect(within(await rowOf('ann@example.test')).getByRole('switch')).toHaveFocus());
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
