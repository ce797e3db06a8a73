import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/i18n/dateFormat';
import { LIVE_REFRESH_MS } from '@/resources/sessions/detail/SessionDetailPage';
import { at, buildDetail, fakeLayout, renderDetail } from '../support/sessions';

const PATH = '/sessions/session-2025-03-05-abcdefghijkl';
const found = (overrides: Parameters<typeof buildDetail>[0]) => vi.fn(async () => ({ data: buildDetail(overrides) }));
// tests/support/render.tsx: the current configuration is version 7, changed at this time.
const CURRENT_AT = '2026-05-01T12:00:00.000Z';

beforeAll(fakeLayout);

describe('SessionDetailPage: the configuration version', () => {
  it('shows the version the call ran with and links to the audit entries since, when the configuration changed', async () => {
    renderDetail(PATH, found({ configVersion: 3 }));
    expect(await screen.findByText('Configuration version 3')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Changed since (version 7): see the audit log' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://portal.test');
    expect(url.pathname).toBe('/audit');
    // only what reaches the assistant's configuration: not users, API keys or sessions
    expect(JSON.parse(url.searchParams.get('filter') ?? '{}')).toEqual({
      at_gte: at(0),
      at_lte: CURRENT_AT,
      targetType: 'objection,faq,landmine,speechRate,matching,battlecard',
    });
    expect(url.searchParams.get('sort')).toBe('at');
    expect(url.searchParams.get('order')).toBe('ASC');
  });

  it('has no link when the call ran with the current version', async () => {
    renderDetail(PATH, found({ configVersion: 7 }));
    expect(await screen.findByText('Configuration version 7')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /see the audit log/ })).not.toBeInTheDocument();
  });

  it('says when the version is unknown (a call recorded before versions existed)', async () => {
    renderDetail(PATH, found({ configVersion: null }));
    expect(await screen.findByText('Configuration version unknown')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /see the audit log/ })).not.toBeInTheDocument();
  });

  it('says since when an in-progress call has heard nothing, instead of calling it live', async () => {
    // the last transcript came 20 minutes ago: past QUIET_CALL_MS
    const lastAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const quiet = buildDetail({
      status: 'in_progress',
      configVersion: 7,
      startTime: new Date(Date.now() - 30 * 60_000).toISOString(),
      transcripts: [{ timestamp: lastAt, speaker: 'customer', text: 'Can you hear me?' }],
    });
    renderDetail(
      PATH,
      vi.fn(async () => ({ data: quiet })),
    );
    const status = await screen.findByText(/^In progress, but no event since /);
    expect(status).toHaveTextContent(
      `In progress, but no event since ${formatDateTime(lastAt)}: the assistant may have stopped without completing the call`,
    );
    expect(screen.queryByText('Live: updating as events arrive')).not.toBeInTheDocument();
  });

  it('reads an in-progress call again while events arrive, and stops once it is complete', async () => {
    // events of the last minutes: the call is live
    const recent = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1_000).toISOString();
    const live = buildDetail({
      status: 'in_progress',
      configVersion: 7,
      startTime: recent(120),
      transcripts: [
        { timestamp: recent(100), speaker: 'salesperson', text: 'Hello, thanks for joining.' },
        { timestamp: recent(30), speaker: 'customer', text: 'The price is too high for us.' },
      ],
    });
    const done = buildDetail({
      status: 'completed',
      configVersion: 7,
      transcripts: [...(live.transcripts ?? []), { timestamp: at(120), speaker: 'customer', text: 'Send me the contract today.' }],
    });
    const getOne = vi.fn().mockResolvedValueOnce({ data: live }).mockResolvedValue({ data: done });
    renderDetail(PATH, getOne);
    expect(await screen.findByText('Live: updating as events arrive')).toBeInTheDocument();
    await waitFor(() => expect(getOne).toHaveBeenCalledTimes(2), { timeout: LIVE_REFRESH_MS * 3 });
    expect(await screen.findByText('Send me the contract today.')).toBeInTheDocument();
    expect(screen.queryByText('Live: updating as events arrive')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, LIVE_REFRESH_MS + 500));
    expect(getOne).toHaveBeenCalledTimes(2);
  });
});
