import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDetail, buildLandmineHit, fakeLayout, renderDetail } from '../support/sessions';

const PATH = '/sessions/session-2025-03-05-abcdefghijkl';
const detail = buildDetail({
  landmines: [buildLandmineHit(45), buildLandmineHit(50, { trigger: 'Old trigger', category: null, canSay: [], cannotSay: [] })],
});
const found = () => vi.fn(async () => ({ data: detail }));
const timeline = () => screen.findByRole('list', { name: 'Session timeline' });

describe('landmines on a call page', () => {
  beforeAll(fakeLayout);

  it('marks the landmine on the salesperson utterance with its trigger, category, what not to say and why, and what to say', async () => {
    renderDetail(PATH, found());
    const row = (await within(await timeline()).findByText('I understand. Let me show how the price pays back.')).closest(
      '[role="listitem"]',
    );
    expect(row).not.toBeNull();
    const marked = within(row as HTMLElement);
    expect(marked.getByText('Landmine: Guaranteed savings')).toBeInTheDocument();
    expect(marked.getByText('Category: Pricing claims')).toBeInTheDocument();
    expect(marked.getByText('Cannot say: You are guaranteed to save money Why: Not a promise we can keep')).toBeInTheDocument();
    expect(marked.getByText('Say instead: Most customers see savings within a year')).toBeInTheDocument();
    expect(marked.getByText('Landmine: Old trigger')).toBeInTheDocument();
    expect(marked.getByText('This landmine is no longer in the dictionary.')).toBeInTheDocument();
  });

  it('counts the landmines in the call summary and shows only them under the filter', async () => {
    const user = userEvent.setup();
    renderDetail(PATH, found());
    const summary = await screen.findByRole('region', { name: 'Call summary' });
    expect(within(within(summary).getByRole('region', { name: 'Landmines' })).getByText('2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Landmines only' }));
    await waitFor(async () => expect(within(await timeline()).getAllByRole('listitem')).toHaveLength(1));
    expect(within(await timeline()).getByText('Landmine: Guaranteed savings')).toBeInTheDocument();
  });

  it('lists the landmines on Statistics with their time, each opening the timeline at its moment', async () => {
    const user = userEvent.setup();
    renderDetail(`${PATH}?tab=statistics`, found());
    const table = await screen.findByRole('table', { name: 'Landmines' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(within(table).getByRole('button', { name: '0:45' }));
    expect(await screen.findByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(document.querySelector('[data-highlighted]')).toHaveTextContent('Landmine: Guaranteed savings'));
  });
});
