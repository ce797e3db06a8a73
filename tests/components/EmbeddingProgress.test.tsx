import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MatchingSettings } from '@/contract/matching';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import type { PortalDataProvider } from '@/dataProvider/types';
import { fr } from '@/i18n/fr';
import { buildDictionaryProvider, buildItem } from '../support/dictionaryFakes';
import { buildMatchingSettings } from '../support/matchingFakes';
import { renderInAdmin } from '../support/render';

/**
 * The Dictionary page's embedding progress (GET /api/dictionary/matching, read every 2 s while
 * rows are pending): a determinate bar and "N of M ready"; at zero the bar goes and the lists
 * are read again so their Pending badges turn Ready.
 */
const renderPage = (getMatching: PortalDataProvider['getMatching'], { french = false } = {}) => {
  const dataProvider = { ...buildDictionaryProvider({ objections: [buildItem()] }), getMatching } as PortalDataProvider;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInAdmin(<DictionaryPage />, {
    dataProvider,
    path: '/dictionary',
    queryClient,
    ...(french ? { i18nProvider: polyglotI18nProvider(() => fr, 'fr') } : {}),
  });
  return { dataProvider, queryClient };
};
/** Answers each read with the next settings of the list, then the last one again. */
const answers = (...settings: MatchingSettings[]) => {
  let read = 0;
  return vi.fn(async () => settings[Math.min(read++, settings.length - 1)]);
};
const objectionReads = (dataProvider: PortalDataProvider) =>
  vi.mocked(dataProvider.getList).mock.calls.filter(([resource]) => resource === 'objections').length;
const pending = (ready: number, left: number) => buildMatchingSettings({ ready, pending: left });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('DictionaryPage: the embedding progress', { timeout: 30_000 }, () => {
  it('shows a labelled determinate bar with how many rows are Ready, and reads the count again every 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const getMatching = answers(pending(120, 391), pending(300, 211));
    renderPage(getMatching);
    const bar = await screen.findByRole(
      'progressbar',
      { name: 'Computing embeddings with use-lite-512: 120 of 511 ready' },
      { timeout: 10_000 },
    );
    expect(bar).toHaveAttribute('aria-valuenow', String(Math.round((100 * 120) / 511)));
    expect(bar).toHaveAttribute('aria-valuetext', 'Computing embeddings with use-lite-512: 120 of 511 ready');
    expect(getMatching).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Computing embeddings with use-lite-512: 300 of 511 ready')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /300 of 511 ready/ })).toHaveAttribute(
      'aria-valuenow',
      String(Math.round((100 * 300) / 511)),
    );
    expect(getMatching).toHaveBeenCalledTimes(2);
  });

  it('goes away when the last embedding is Ready, and reads the dictionary lists again then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const getMatching = answers(pending(509, 2), pending(511, 0));
    const { dataProvider, queryClient } = renderPage(getMatching);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await screen.findByRole('progressbar', { name: /509 of 511 ready/ }, { timeout: 10_000 });
    await screen.findAllByTestId('item-row');
    const readsBefore = objectionReads(dataProvider);

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(screen.queryByTestId('embedding-progress')).not.toBeInTheDocument());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(objectionReads(dataProvider)).toBe(readsBefore + 1));
    // every tab's list: react-admin's queries of its resource
    for (const resource of ['objections', 'faqs', 'landmines']) expect(invalidate).toHaveBeenCalledWith({ queryKey: [resource] });

    // nothing pending: no more reads of the count
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(getMatching).toHaveBeenCalledTimes(2);
  });

  it('shows nothing, and neither polls nor reloads the lists, when nothing is pending', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const getMatching = vi.fn(async () => buildMatchingSettings());
    const { dataProvider } = renderPage(getMatching);
    await screen.findAllByTestId('item-row', {}, { timeout: 10_000 });
    await waitFor(() => expect(getMatching).toHaveBeenCalledTimes(1));
    const readsBefore = objectionReads(dataProvider);
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(getMatching).toHaveBeenCalledTimes(1);
    expect(objectionReads(dataProvider)).toBe(readsBefore);
    expect(screen.queryByTestId('embedding-progress')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('a failed read is a quiet line, not an alert, and the page works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(vi.fn(async () => Promise.reject(new Error('unreachable'))));
    const line = await screen.findByTestId('embedding-progress-unavailable', {}, { timeout: 10_000 });
    expect(line).toHaveTextContent('The embedding progress could not be read.');
    expect(line.closest('[role="alert"]')).toBeNull();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(await screen.findAllByTestId('item-row')).toHaveLength(1);
  });

  it('reads the count again after a dictionary write, so a new item shows its embedding being computed', async () => {
    const user = userEvent.setup();
    const getMatching = answers(pending(120, 0), pending(120, 1));
    const { dataProvider } = renderPage(getMatching);
    await user.click(await screen.findByRole('button', { name: 'Add Original Objection' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Question/ }), 'Can we pay monthly?');
    await user.type(within(dialog).getByRole('textbox', { name: /Answer/ }), 'Yes.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(
      await screen.findByRole('progressbar', { name: 'Computing embeddings with use-lite-512: 120 of 121 ready' }),
    ).toBeInTheDocument();
  });

  it('speaks French', async () => {
    renderPage(
      vi.fn(async () => pending(120, 391)),
      { french: true },
    );
    expect(
      await screen.findByRole('progressbar', { name: 'Calcul des embeddings avec use-lite-512 : 120 sur 511 prêts' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
