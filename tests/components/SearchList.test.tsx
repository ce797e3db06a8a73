import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { PortalDataProvider } from '@/dataProvider/types';
import { SNIPPET_MARKS, type TranscriptMatch } from '@/contract/transcriptSearch';
import { SearchList } from '@/resources/search/SearchList';
import { buildDataProvider, renderInAdmin } from '../support/render';

const { start, stop } = SNIPPET_MARKS;
const match = (overrides: Partial<TranscriptMatch> = {}): TranscriptMatch & { id: string } => ({
  id: 'call-1:transcript:2',
  sessionId: 'call-1',
  sessionName: 'Discovery call with Acme',
  userEmail: 'ana@reps.test',
  status: 'completed',
  startTime: '2026-03-02T10:00:00.000Z',
  kind: 'transcript',
  timestamp: '2026-03-02T10:01:05.000Z',
  speaker: 'customer',
  text: 'We are on <b>Avaya</b> phones today.',
  snippet: `We are on <b>${start}Avaya${stop}</b> phones today.`,
  ...overrides,
});

describe('search what was said', () => {
  it('searches the typed words and shows each matching sentence as text, its words marked, with speaker, time and call', async () => {
    const user = userEvent.setup();
    const getList = vi.fn(async (_resource: string, { filter }: GetListParams) =>
      filter.q ? { data: [match()], total: 1 } : { data: [], total: 0 },
    );
    renderInAdmin(<SearchList />, {
      dataProvider: buildDataProvider({ getList } as unknown as Partial<PortalDataProvider>),
      path: '/search',
    });
    expect(await screen.findByText('Type one or more words to search every call.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Words said' }), 'avaya');
    const results = await screen.findByRole('list', { name: 'Search results' });
    const marked = within(results).getByText('Avaya');
    expect(marked.tagName).toBe('MARK');
    // the sentence's own markup stays text
    expect(results).toHaveTextContent('We are on <b>Avaya</b> phones today.');
    expect(results).toHaveTextContent('Customer · 1:05 into the call · Discovery call with Acme · ana@reps.test');
    expect(within(results).getByRole('link')).toHaveAttribute(
      'href',
      '/sessions/call-1?tab=timeline&t=2026-03-02T10%3A01%3A05.000Z&k=transcript',
    );
    expect(getList).toHaveBeenLastCalledWith(
      'search',
      expect.objectContaining({ filter: { q: 'avaya' }, sort: { field: 'startTime', order: 'DESC' } }),
    );
  });

  it('combines the speaker and status filters with the words, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    renderInAdmin(<SearchList />, {
      dataProvider: buildDataProvider({ getList } as unknown as Partial<PortalDataProvider>),
      path: '/search',
    });
    await user.type(screen.getByRole('searchbox', { name: 'Words said' }), 'contract');
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('search', expect.objectContaining({ filter: { q: 'contract' } })));
    await user.click(screen.getByRole('combobox', { name: 'Speaker' }));
    await user.click(await screen.findByRole('option', { name: 'Customer' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'search',
        expect.objectContaining({ filter: { q: 'contract', speaker: 'customer', status: 'completed' } }),
      ),
    );
    expect(await screen.findByText('Nothing said in a call matches these words and filters.')).toBeInTheDocument();
  });

  it('keeps a speaker picked while the typed words are still settling, and the words with it', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    renderInAdmin(<SearchList />, {
      dataProvider: buildDataProvider({ getList } as unknown as Partial<PortalDataProvider>),
      path: '/search',
    });
    // In one go, well inside the words' debounce: the speaker is picked before the words apply.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Words said' }), { target: { value: 'contract' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Speaker' }));
    fireEvent.click(screen.getByRole('option', { name: 'Customer' }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('search', expect.objectContaining({ filter: { q: 'contract', speaker: 'customer' } })),
    );
    // Nothing later replaces them.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(getList).toHaveBeenLastCalledWith('search', expect.objectContaining({ filter: { q: 'contract', speaker: 'customer' } }));
  });
});
