import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type GetListParams, localStorageStore, Notification } from 'react-admin';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { en } from '@/i18n/en';
import { fr } from '@/i18n/fr';
import { sessionsPath } from '@/resources/sessions/sessionFilters';
import { SessionList } from '@/resources/sessions/SessionList';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { SessionDetailPage } from '@/resources/sessions/detail/SessionDetailPage';
import { buildDetail, buildSession, fakeLayout, withFilterLookups } from '../support/sessions';

/**
 * Erasing sessions from the portal (src/resources/sessions/SessionErasure.tsx): the session page's
 * Delete and the rep-filtered list's "Erase this rep's calls", each behind a confirmation that
 * names what goes and says it cannot be undone, with Cancel focused.
 */

const PATH = '/sessions/session-2025-03-05-abcdefghijkl';

beforeAll(fakeLayout);

/** The session page at PATH over `detail`, with the notifications shown; /sessions shows a marker. */
const renderDetail = (detail: ReturnType<typeof buildDetail>, remove: () => Promise<unknown>) =>
  renderInAdmin(
    <>
      <Routes>
        <Route path="/sessions/:sessionId" element={<SessionDetailPage />} />
        <Route path="/sessions" element={<p>The sessions list</p>} />
      </Routes>
      <Notification />
    </>,
    { dataProvider: buildDataProvider({ getOne: vi.fn(async () => ({ data: detail })), delete: remove } as never), path: PATH },
  );

describe("a session's Delete", () => {
  it('asks first, naming the call, its rep and that it cannot be undone; Cancel keeps it', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(async () => ({ data: { id: 'x' } }));
    renderDetail(buildDetail(), remove);
    await user.click(await screen.findByRole('button', { name: 'Delete session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this session?' });
    expect(
      within(dialog).getByText(/^The call "Discovery call with Acme" of .+ will be erased: .+ This cannot be undone\.$/),
    ).toBeInTheDocument();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();
  });

  it('erases the session when confirmed and goes back to the list', async () => {
    const user = userEvent.setup();
    const detail = buildDetail();
    const remove = vi.fn(async () => ({ data: { id: detail.sessionId } }));
    renderDetail(detail, remove);
    await user.click(await screen.findByRole('button', { name: 'Delete session' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('The sessions list')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith('sessions', expect.objectContaining({ id: detail.sessionId }));
    expect(await screen.findByText(`Session "${detail.sessionName}" erased`)).toBeInTheDocument();
  });
});

describe("the Sessions list's rep erasure", () => {
  const rows = Array.from({ length: 3 }, (_, i) =>
    buildSession({ sessionId: `s-${i}`, sessionName: `Call ${i}`, userEmail: 'ann@x.test', userName: 'Ann Smith' }),
  );
  const users = [
    { email: 'ann@x.test', name: 'Ann Smith' },
    { email: 'bob@x.test', name: 'Bob Jones' },
  ];
  const renderAt = (path: string, total: number, store = localStorageStore()) => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({
      data: rows.map((session) => ({ ...session, id: session.sessionId })),
      total,
    }));
    const eraseRepSessions = vi.fn(async () => ({ erased: total, sessionIds: rows.map((row) => row.sessionId) }));
    renderInAdmin(
      <>
        <SessionList />
        <Notification />
      </>,
      { dataProvider: buildDataProvider({ getList: withFilterLookups(getList, { users }), eraseRepSessions } as never), path, store },
    );
    return { getList, eraseRepSessions };
  };
  const erase = () => screen.queryByRole('button', { name: "Erase this rep's calls" });
  const pickRep = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    await user.type(screen.getByRole('combobox', { name: 'Rep' }), name.slice(0, 3));
    await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
  };

  it('is not offered without a rep, nor for a rep a link set, until the admin picks the rep here', async () => {
    const user = userEvent.setup();
    renderAt(sessionsPath({ rep: 'ann@x.test' }), 40);
    expect(await screen.findByText('Call 0')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove filter Rep: Ann Smith (ann@x.test)' })).toBeInTheDocument();
    expect(erase()).not.toBeInTheDocument();
    await pickRep(user, 'Bob Jones');
    expect(await screen.findByRole('button', { name: 'Remove filter Rep: Bob Jones (bob@x.test)' })).toBeInTheDocument();
    expect(erase()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(erase()).not.toBeInTheDocument());
  });

  it('is not offered for a restored rep filter, which is shown and said once, until the admin picks the rep here', async () => {
    const user = userEvent.setup();
    const store = localStorageStore();
    store.setItem('sessions.listParams', { page: 1, perPage: 15, sort: 'id', order: 'DESC', filter: { rep: 'ann@x.test' } });
    renderAt('/sessions', 40, store);
    expect(await screen.findByRole('status')).toHaveTextContent('Showing the filters you last used');
    expect(await screen.findByRole('button', { name: 'Remove filter Rep: Ann Smith (ann@x.test)' })).toBeInTheDocument();
    expect(erase()).not.toBeInTheDocument();
    await pickRep(user, 'Ann Smith');
    expect(await screen.findByRole('button', { name: "Erase this rep's calls" })).toBeInTheDocument();
  });

  it("counts the rep's calls, names the rep and the count in the confirmation, and erases them all when confirmed", async () => {
    const user = userEvent.setup();
    const { getList, eraseRepSessions } = renderAt('/sessions', 40);
    await screen.findByText('Call 0');
    await pickRep(user, 'Ann Smith');
    await user.click(await screen.findByRole('button', { name: "Erase this rep's calls" }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase every call of Ann Smith (ann@x.test)?' });
    expect(
      within(dialog).getByText(/^All 40 calls of Ann Smith \(ann@x\.test\) will be erased, .+ This cannot be undone\.$/),
    ).toBeInTheDocument();
    // Counted with the rep filter alone, whatever else the list shows.
    expect(getList).toHaveBeenCalledWith('sessions', expect.objectContaining({ filter: { rep: 'ann@x.test' } }));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    await waitFor(() => expect(eraseRepSessions).toHaveBeenCalledWith('ann@x.test'));
    expect(await screen.findByText('40 calls of Ann Smith (ann@x.test) erased')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so, without a dialog, when the rep has no call stored', async () => {
    const user = userEvent.setup();
    const { eraseRepSessions } = renderAt('/sessions', 0);
    await pickRep(user, 'Ann Smith');
    await user.click(await screen.findByRole('button', { name: "Erase this rep's calls" }));
    expect(await screen.findByText('No call of Ann Smith (ann@x.test) is stored.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(eraseRepSessions).not.toHaveBeenCalled();
  });
});

describe('the erasure texts', () => {
  it('exist in English and French, each naming the irreversibility', () => {
    expect(Object.keys(fr.app.sessionErasure).sort()).toEqual(Object.keys(en.app.sessionErasure).sort());
    expect(en.app.sessionErasure.deleteMessage).toContain('This cannot be undone.');
    expect(fr.app.sessionErasure.deleteMessage).toContain('Cette action est irréversible.');
    for (const catalogue of [en, fr])
      for (const form of catalogue.app.sessionErasure.eraseRepMessage.split('||||')) expect(form).toContain('%{rep}');
  });
});
