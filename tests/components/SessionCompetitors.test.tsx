import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { at, buildDetail, fakeLayout, renderDetail } from '../support/sessions';

const PATH = '/sessions/session-2025-03-05-abcdefghijkl';
const CARD = '3f2b1c9e-8d4a-4c1b-9e2f-0a1b2c3d4e5f';
const withMentions = () =>
  vi.fn(async () => ({
    data: buildDetail({
      competitors: [
        { timestamp: at(21), speaker: 'customer', name: 'SalesLoft', battlecardId: CARD, battlecardName: 'Salesloft' },
        { timestamp: at(95), speaker: 'customer', name: 'Outreach.io', battlecardId: null, battlecardName: null },
      ],
    }),
  }));
const rows = async () => within(await screen.findByRole('list', { name: 'Session timeline' })).getAllByRole('listitem');
const competitorRows = async () =>
  (await rows()).filter((row) => row.querySelector('.MuiTypography-subtitle2')?.textContent === 'Competitor named');

beforeAll(fakeLayout);

describe('SessionDetailPage: competitor mentions on the timeline', () => {
  it("shows each mention at its time with its battlecard's name linking to the battlecard, and the words said", async () => {
    renderDetail(PATH, withMentions());
    const [named, gone] = await competitorRows();
    expect(within(named).getByText('0:21')).toBeInTheDocument();
    expect(within(named).getByRole('link', { name: 'Salesloft' })).toHaveAttribute('href', `/battlecards/${CARD}/show`);
    expect(within(named).getByText('Said as “SalesLoft”')).toBeInTheDocument();
    expect(within(gone).getByText('Its battlecard has been deleted.')).toBeInTheDocument();
    expect(within(gone).queryByRole('link')).not.toBeInTheDocument();
    expect(within(gone).getByText('Said as “Outreach.io”')).toBeInTheDocument();
  });

  it('hides and shows the mentions with their own kind toggle', async () => {
    const user = userEvent.setup();
    renderDetail(PATH, withMentions());
    expect(await competitorRows()).toHaveLength(2);
    const toggle = screen.getByRole('button', { name: 'Competitors' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    await waitFor(async () => expect(await competitorRows()).toHaveLength(0));
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(async () => expect(await competitorRows()).toHaveLength(2));
  });
});
