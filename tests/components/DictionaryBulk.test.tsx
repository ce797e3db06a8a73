import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { type I18nProvider, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import { fr } from '@/i18n/fr';
import type { DictionaryItem, Landmine } from '@/resources/dictionary/items/dictionaryTypes';
import { buildDictionaryProvider, buildItems, buildLandmine } from '../support/dictionaryFakes';
import { renderInAdmin } from '../support/render';

/** Bulk work on the Dictionary page: undoable bulk delete and (de)activate. */
type User = ReturnType<typeof userEvent.setup>;

const landmineList = () => [
  buildLandmine(),
  buildLandmine({ id: 'l2', trigger: 'no risk at all' }),
  buildLandmine({ id: 'l3', trigger: 'beat any price', isActive: false }),
];

/**
 * The page over in-memory lists that the bulk calls change, with react-admin's notification (Undo)
 * shortened for the test. `refuse`: the server refuses the call; `goneMeanwhile`: rows another admin deletes first.
 */
const renderPage = ({
  i18nProvider,
  refuse,
  goneMeanwhile = [],
}: {
  i18nProvider?: I18nProvider;
  refuse?: boolean;
  goneMeanwhile?: string[];
} = {}) => {
  const objections: DictionaryItem[] = buildItems(3);
  const landmines: Landmine[] = landmineList();
  const dataProvider = buildDictionaryProvider({ objections, landmines });
  const remove = (list: { id: unknown }[], id: unknown) =>
    list.splice(
      list.findIndex((row) => row.id === id),
      1,
    );
  const outcome = (ids: readonly unknown[], found: { id: unknown }[]) => ({
    changed: ids.filter((id) => found.some((row) => row.id === id)).map(String),
    unchanged: [],
    missing: ids.filter((id) => !found.some((row) => row.id === id)).map(String),
  });
  dataProvider.bulkDeleteItems = vi.fn(async (_resource, ids) => {
    const result = outcome(ids, objections);
    for (const id of result.changed) remove(objections, id);
    return result;
  });
  dataProvider.bulkLandmines = vi.fn(async (action, ids) => {
    if (refuse)
      throw Object.assign(new Error('refused'), { status: 503, body: { error: 'DATABASE_BUSY', message: 'Try again in a moment' } });
    for (const id of goneMeanwhile) remove(landmines, id);
    const result = outcome(ids, landmines);
    for (const id of result.changed) {
      if (action === 'delete') remove(landmines, id);
      else landmines.find((landmine) => landmine.id === id)!.isActive = action === 'activate';
    }
    return result;
  });
  renderInAdmin(
    <>
      <DictionaryPage />
      <Notification autoHideDuration={1_000} />
    </>,
    { dataProvider, i18nProvider, path: '/dictionary' },
  );
  return { dataProvider, objections, landmines };
};

const openLandmines = async (user: User, tab = 'Landmines') => {
  await user.click(screen.getByRole('tab', { name: tab }));
  return screen.findAllByTestId('landmine-row');
};
const rowOf = (testId: string, heading: string) =>
  screen.getAllByTestId(testId).find((row) => within(row).queryByRole('heading', { name: heading })) as HTMLElement;
const select = async (user: User, testId: string, heading: string) => user.click(within(rowOf(testId, heading)).getByRole('checkbox'));
const bar = () => screen.getByRole('toolbar');
/** The notification (`text`, by default its Undo button) is gone: without Undo, its calls went out then. */
const notificationClosed = (text?: string) =>
  waitFor(() => expect(text ? screen.queryByText(text) : screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument(), {
    timeout: 5_000,
  });

describe('Dictionary: bulk actions', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('deletes the selected objections in one call once the Undo notification closes', async () => {
    const user = userEvent.setup();
    const { dataProvider } = renderPage();
    await screen.findAllByTestId('item-row');
    await select(user, 'item-row', 'Objection 1');
    await select(user, 'item-row', 'Objection 3');
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    // gone at once, nothing sent yet
    expect(screen.getAllByTestId('item-row')).toHaveLength(1);
    expect(await screen.findByText('2 items deleted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(dataProvider.bulkDeleteItems).not.toHaveBeenCalled();
    await notificationClosed();
    await waitFor(() => expect(dataProvider.bulkDeleteItems).toHaveBeenCalledTimes(1));
    expect(dataProvider.bulkDeleteItems).toHaveBeenCalledWith('objections', ['o1', 'o3']);
    expect(screen.getAllByTestId('item-row').map((row) => within(row).getByRole('heading').textContent)).toEqual(['Objection 2']);
  });

  it('Undo brings the rows back and sends nothing', async () => {
    const user = userEvent.setup();
    const { dataProvider } = renderPage();
    await screen.findAllByTestId('item-row');
    await select(user, 'item-row', 'Objection 2');
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    expect(screen.getAllByTestId('item-row')).toHaveLength(2);
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getAllByTestId('item-row')).toHaveLength(3));
    await notificationClosed();
    expect(dataProvider.bulkDeleteItems).not.toHaveBeenCalled();
  });

  it('deactivates the selected landmines still active, in one call', async () => {
    const user = userEvent.setup();
    const { dataProvider, landmines } = renderPage();
    await openLandmines(user);
    await select(user, 'landmine-row', 'guaranteed returns');
    await select(user, 'landmine-row', 'no risk at all');
    await select(user, 'landmine-row', 'beat any price');
    await user.click(within(bar()).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('2 landmines deactivated')).toBeInTheDocument();
    // shown inactive at once
    for (const trigger of ['guaranteed returns', 'no risk at all']) {
      expect(within(rowOf('landmine-row', trigger)).getByText('Inactive')).toBeInTheDocument();
    }
    expect(dataProvider.bulkLandmines).not.toHaveBeenCalled();
    await notificationClosed();
    await waitFor(() => expect(dataProvider.bulkLandmines).toHaveBeenCalledTimes(1));
    expect(dataProvider.bulkLandmines).toHaveBeenCalledWith('deactivate', ['l1', 'l2']);
    expect(landmines.map((landmine) => landmine.isActive)).toEqual([false, false, false]);
    expect(within(rowOf('landmine-row', 'no risk at all')).getByText('Inactive')).toBeInTheDocument();
  });

  it('selects every landmine from the keyboard; Undo of a bulk delete sends nothing', async () => {
    const user = userEvent.setup();
    const { dataProvider } = renderPage();
    await openLandmines(user);
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    all.focus();
    await user.keyboard(' ');
    expect(within(bar()).getByText('3 selected')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('3 landmines deleted')).toBeInTheDocument();
    expect(screen.queryAllByTestId('landmine-row')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findAllByTestId('landmine-row')).toHaveLength(3);
    await notificationClosed();
    expect(dataProvider.bulkLandmines).not.toHaveBeenCalled();
  });

  it('says when the server refuses the call, and shows the rows as the server has them', async () => {
    const user = userEvent.setup();
    renderPage({ refuse: true });
    await openLandmines(user);
    await select(user, 'landmine-row', 'guaranteed returns');
    await select(user, 'landmine-row', 'no risk at all');
    await user.click(within(bar()).getByRole('button', { name: 'Deactivate' }));
    expect(within(rowOf('landmine-row', 'no risk at all')).getByText('Inactive')).toBeInTheDocument();
    await notificationClosed();
    expect(await screen.findByText('2 changes failed: Try again in a moment')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('landmine-row', 'no risk at all')).getByText('Active')).toBeInTheDocument());
    expect(within(rowOf('landmine-row', 'guaranteed returns')).getByText('Active')).toBeInTheDocument();
  });

  it('says when a selected landmine was deleted meanwhile', async () => {
    const user = userEvent.setup();
    renderPage({ goneMeanwhile: ['l2'] });
    await openLandmines(user);
    await select(user, 'landmine-row', 'guaranteed returns');
    await select(user, 'landmine-row', 'no risk at all');
    await user.click(within(bar()).getByRole('button', { name: 'Deactivate' }));
    await notificationClosed();
    expect(await screen.findByText('1 change failed: deleted by someone else in the meantime')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('landmine-row')).toHaveLength(2));
    expect(within(rowOf('landmine-row', 'guaranteed returns')).getByText('Inactive')).toBeInTheDocument();
  });

  it('tells when the selected landmines already have the status, and sends nothing', async () => {
    const user = userEvent.setup();
    const { dataProvider } = renderPage();
    await openLandmines(user);
    await select(user, 'landmine-row', 'beat any price');
    await user.click(within(bar()).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('The selected landmines already have this status')).toBeInTheDocument();
    await notificationClosed('The selected landmines already have this status');
    expect(dataProvider.bulkLandmines).not.toHaveBeenCalled();
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    renderPage({ i18nProvider: polyglotI18nProvider(() => fr, 'fr') });
    await openLandmines(user, 'Sujets sensibles');
    await select(user, 'landmine-row', 'beat any price');
    await select(user, 'landmine-row', 'no risk at all');
    expect(within(bar()).getByText('2 sélectionnés')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Activer' }));
    expect(await screen.findByText('1 sujet sensible activé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });
});
