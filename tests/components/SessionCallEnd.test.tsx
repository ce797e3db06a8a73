import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Notification } from 'react-admin';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CALL_END_MESSAGES } from '@/contract/callEnd';
import { SessionDetailPage } from '@/resources/sessions/detail/SessionDetailPage';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildDetail, fakeLayout } from '../support/sessions';

/**
 * The call page's end of a call (src/resources/sessions/detail/SessionCallEnd.tsx): when the last
 * event came in, why a failed call failed, and Mark as failed for a call in progress, confirmed
 * first, its 409s worded with Reload.
 */

const PATH = '/sessions/session-2025-03-05-abcdefghijkl';
const LAST_EVENT = new Date(Date.now() - 42 * 60_000).toISOString();

beforeAll(fakeLayout);

type Detail = ReturnType<typeof buildDetail>;

/** The server's answer is `detail` until a mark (or, for a refused one, `after`) changes it. */
const renderCall = (detail: Detail, { after, refusal }: { after?: Detail; refusal?: HttpError } = {}) => {
  let current = detail;
  const getOne = vi.fn(async () => ({ data: current }));
  const markSessionFailed = vi.fn(async () => {
    if (after) current = after;
    if (refusal) throw refusal;
  });
  renderInAdmin(
    <>
      <Routes>
        <Route path="/sessions/:sessionId" element={<SessionDetailPage />} />
      </Routes>
      <Notification />
    </>,
    { dataProvider: buildDataProvider({ getOne, markSessionFailed } as never), path: PATH },
  );
  return { getOne, markSessionFailed };
};

const inProgress = () => buildDetail({ status: 'in_progress', lastEventAt: LAST_EVENT, failureReason: null });

describe("a call page's last event and Mark as failed", () => {
  it('says when the last event came in, and marks an in-progress call failed only once confirmed', async () => {
    const user = userEvent.setup();
    const live = inProgress();
    const failed = { ...live, status: 'failed' as const, failureReason: 'admin' as const };
    const { markSessionFailed } = renderCall(live, { after: failed });
    expect(await screen.findByText('Last event:')).toBeInTheDocument();
    expect(screen.getByText(/\(42 minutes ago\)$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark as failed' }));
    let dialog = await screen.findByRole('dialog', { name: 'Mark this call as failed?' });
    expect(
      within(dialog).getByText(
        new RegExp(
          `^The call "${live.sessionName}" of ${live.userEmail} is still In Progress; its last event came in 42 minutes ago\\..+cannot be undone\\.$`,
        ),
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(markSessionFailed).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Mark as failed' }));
    dialog = await screen.findByRole('dialog', { name: 'Mark this call as failed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as failed' }));
    expect(markSessionFailed).toHaveBeenCalledWith(live.sessionId, LAST_EVENT);
    expect(await screen.findByText(`Call "${live.sessionName}" marked failed`)).toBeInTheDocument();
    expect(await screen.findByText('Marked failed by an admin')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as failed' })).not.toBeInTheDocument();
  });

  it.each([
    ['CONFLICT', CALL_END_MESSAGES.notInProgress],
    ['VERSION_CONFLICT', CALL_END_MESSAGES.newEvents],
  ])('words a 409 %s and reloads the call on Reload', async (code, message) => {
    const user = userEvent.setup();
    const live = inProgress();
    const { getOne } = renderCall(live, {
      after: { ...live, status: 'completed' },
      refusal: new HttpError(message, 409, { error: code, message }),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark as failed' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as failed' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    const reads = getOne.mock.calls.length;
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(getOne.mock.calls.length).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as failed' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no Mark as failed on a finished call, and names why an abandoned call failed', async () => {
    renderCall(buildDetail({ status: 'failed', lastEventAt: LAST_EVENT, failureReason: 'abandoned' }));
    expect(await screen.findByText('Abandoned: no event for the time set on Settings')).toBeInTheDocument();
    expect(screen.getByText('Failure:')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as failed' })).not.toBeInTheDocument();
  });
});
