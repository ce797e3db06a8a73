import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { SessionList } from '@/resources/sessions/SessionList';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildSession, withFilterLookups } from '../support/sessions';

/** The Sessions list's landmine column and filter (src/resources/sessions/SessionLandmineFilter.tsx). */
describe('the Sessions list by landmine', () => {
  const rows = [
    buildSession({ sessionId: 's-1', sessionName: 'Call with two', landmineCount: 2, userName: 'Ann Smith', userEmail: 'ann@x.test' }),
    buildSession({ sessionId: 's-2', sessionName: 'Call with none', landmineCount: 0 }),
  ];
  const landmines = [
    { id: 'lm-1', trigger: 'Guaranteed savings' },
    { id: 'lm-2', trigger: 'Price match' },
  ];
  const renderList = () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({
      data: rows.map((session) => ({ ...session, id: session.sessionId })),
      total: rows.length,
    }));
    renderInAdmin(<SessionList />, {
      dataProvider: buildDataProvider({ getList: withFilterLookups(getList, { landmines }) } as never),
      path: '/sessions',
    });
    return getList;
  };
  const lastFilter = (getList: ReturnType<typeof renderList>) => getList.mock.calls.at(-1)?.[1].filter;

  it("shows each call's landmine count, and its rep by name with the email second", async () => {
    renderList();
    const row = (await screen.findByText('Call with two')).closest('tr')!;
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('Ann Smith')).toBeInTheDocument();
    expect(within(row).getByText('ann@x.test')).toBeInTheDocument();
    expect(within((await screen.findByText('Call with none')).closest('tr')!).getByText('0')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Landmines' })).toBeInTheDocument();
  });

  it('filters by any landmine, then by one of the dictionary, named on its chip as Insights links name it', async () => {
    const user = userEvent.setup();
    const getList = renderList();
    await screen.findByText('Call with two');
    await user.click(screen.getByRole('combobox', { name: 'Landmines' }));
    await user.click(await screen.findByRole('option', { name: 'Any landmine' }));
    await waitFor(() => expect(lastFilter(getList)).toEqual({ hasLandmine: 'true' }));
    expect(await screen.findByRole('button', { name: 'Remove filter With a landmine' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Landmines' }));
    await user.click(await screen.findByRole('option', { name: 'Price match' }));
    await waitFor(() => expect(lastFilter(getList)).toEqual({ landmine: 'lm-2' }));
    expect(await screen.findByRole('button', { name: 'Remove filter Landmine: Price match' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Landmines' }));
    await user.click(await screen.findByRole('option', { name: 'All calls' }));
    await waitFor(() => expect(lastFilter(getList)).toEqual({}));
  });
});
