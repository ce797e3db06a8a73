import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams } from 'react-admin';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PhraseLabel } from '@/contract/phraseLabels';
import type { PortalDataProvider } from '@/dataProvider/types';
import { buildDetail, fakeLayout, renderDetail } from '../support/sessions';

const SESSION = 'session-2025-03-05-abcdefghijkl';
const PATH = `/sessions/${SESSION}`;
const OBJECTION = '7d4c3f3e-0b7a-4c43-9a53-1f3b0a0c1d11';
const SAID = 'Honestly the price. The price is too high for us.';
const base = buildDetail();
const detail = { ...base, detectedObjections: base.detectedObjections!.map((entry) => ({ ...entry, itemId: OBJECTION })) };

/** A fake of the labels' API: what is created is listed until deleted. */
const labelsApi = () => {
  let labels: PhraseLabel[] = [];
  const record = (data: Partial<PhraseLabel>): PhraseLabel => ({
    ...(data as PhraseLabel),
    id: `label-${labels.length + 1}`,
    version: 1,
    createdAt: '2026-05-01T12:00:00.000Z',
    updatedAt: '2026-05-01T12:00:00.000Z',
    itemName: data.itemId ? 'It is too expensive' : null,
    createdBy: 'admin@example.com',
  });
  return {
    getList: vi.fn(async (resource: string, params: GetListParams): Promise<{ data: object[]; total: number }> => {
      if (resource === 'phraseLabels') return { data: labels, total: labels.length };
      if (resource === 'objections' && params.filter?.search === 'expens')
        return { data: [{ id: OBJECTION, question: 'It is too expensive' }], total: 1 };
      return { data: [], total: 0 };
    }),
    create: vi.fn(async (_: string, { data }: { data: Partial<PhraseLabel> }) => {
      const created = record(data);
      labels = [...labels, created];
      return { data: created };
    }),
    delete: vi.fn(async (_: string, { id }: { id: string }) => {
      const gone = labels.find((entry) => entry.id === id)!;
      labels = labels.filter((entry) => entry.id !== id);
      return { data: gone };
    }),
  };
};

const rowOf = async (text: string) =>
  (await within(await screen.findByRole('list', { name: 'Session timeline' })).findByText(text)).closest(
    '[role="listitem"]',
  ) as HTMLElement;

describe('labels on a call timeline', () => {
  beforeAll(fakeLayout);

  it('marks a detection wrong for the utterance that fired it, then undoes it from the keyboard', async () => {
    const user = userEvent.setup();
    const api = labelsApi();
    renderDetail(
      PATH,
      vi.fn(async () => ({ data: detail })),
      api as unknown as Partial<PortalDataProvider>,
    );
    const row = await rowOf('It is too expensive');
    await user.click(within(row).getByRole('button', { name: 'Mark “It is too expensive” wrong for this phrase' }));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(
        'phraseLabels',
        expect.objectContaining({
          data: { sessionId: SESSION, speaker: 'customer', text: SAID, kind: 'wrong', itemType: 'objection', itemId: OBJECTION },
        }),
      ),
    );
    const marked = await rowOf('It is too expensive');
    expect(await within(marked).findByText('Marked wrong')).toBeInTheDocument();
    const undo = within(marked).getByRole('button', { name: `Undo the label on “${SAID}”` });
    await waitFor(() => expect(undo).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('phraseLabels', expect.objectContaining({ id: 'label-1' })));
    expect(await within(await rowOf('It is too expensive')).findByRole('button', { name: /wrong for this phrase/ })).toBeInTheDocument();
  });

  it('says which objection an utterance should have fired, picked in an autocomplete, or that it should fire nothing', async () => {
    const user = userEvent.setup();
    const api = labelsApi();
    renderDetail(
      PATH,
      vi.fn(async () => ({ data: detail })),
      api as unknown as Partial<PortalDataProvider>,
    );
    const row = await rowOf(SAID);
    await user.click(within(row).getByRole('button', { name: 'Label what this phrase should fire' }));
    const dialog = await screen.findByRole('dialog', { name: 'What should this phrase fire?' });
    expect(within(dialog).getByRole('button', { name: 'Should have fired this' })).toBeDisabled();
    await user.type(within(dialog).getByRole('combobox', { name: 'The item it should have fired' }), 'expens');
    await user.click(await screen.findByRole('option', { name: 'Objection: It is too expensive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Should have fired this' }));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(
        'phraseLabels',
        expect.objectContaining({ data: expect.objectContaining({ kind: 'shouldFire', itemId: OBJECTION, text: SAID }) }),
      ),
    );
    expect(await within(await rowOf(SAID)).findByText('Should have fired “It is too expensive”')).toBeInTheDocument();

    await user.click(within(await rowOf('OK, that helps.')).getByRole('button', { name: 'Label what this phrase should fire' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Should fire nothing' }));
    await waitFor(() =>
      expect(api.create).toHaveBeenLastCalledWith(
        'phraseLabels',
        expect.objectContaining({ data: expect.objectContaining({ kind: 'nothing', itemId: null, text: 'OK, that helps.' }) }),
      ),
    );
  });
});
