import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DictionaryMatch, PhraseTestResult } from '@/contract/dictionaryMatch';
import type { PortalDataProvider } from '@/dataProvider/types';
import { fr } from '@/i18n/fr';
import type { Detection } from '@/resources/sessions/sessionTypes';
import { buildDictionaryProvider } from '../support/dictionaryFakes';
import { buildMatchResult } from '../support/matchingFakes';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { at, buildDetail, fakeLayout } from '../support/sessions';
import { Route, Routes } from 'react-router';
import { SessionDetailPage } from '@/resources/sessions/detail/SessionDetailPage';

const PATH = '/sessions/session-2025-03-05-abcdefghijkl';
const TRAINING: Detection = { timestamp: at(95), category: 'NEW_INQUIRY', relevance_score: 0.4, question: 'Do you offer training?' };
const match = (overrides: Partial<DictionaryMatch>): DictionaryMatch => ({
  type: 'faq',
  id: 'f1',
  question: 'Is onboarding included?',
  category: 'Original',
  score: 0.5,
  matchedText: 'Is onboarding included?',
  viaVariation: false,
  wouldFire: false,
  ...overrides,
});
const result = (matches: DictionaryMatch[]): PhraseTestResult => buildMatchResult(matches, { model: 'local-hashed-bow-256' });

/** The session detail as SessionsDetail.test.tsx renders it, over the dictionary fakes' writes and a match API. */
const renderSession = ({
  inquiries = [TRAINING],
  matches = [] as DictionaryMatch[],
  french = false,
} = {}): PortalDataProvider & { matchPhrase: ReturnType<typeof vi.fn>; markInquiryAddedByText: ReturnType<typeof vi.fn> } => {
  const writes = buildDictionaryProvider();
  const dataProvider = buildDataProvider({
    getOne: vi.fn(async () => ({ data: buildDetail({ newInquiries: inquiries }) })) as never,
    create: writes.create,
    addVariation: writes.addVariation,
    matchPhrase: vi.fn(async () => result(matches)),
    markInquiryAddedByText: vi.fn(async () => undefined),
  });
  renderInAdmin(
    <Routes>
      <Route path="/sessions/:sessionId" element={<SessionDetailPage />} />
      <Route path="/dictionary" element={<p>The dictionary</p>} />
    </Routes>,
    { dataProvider, path: PATH, ...(french ? { i18nProvider: polyglotI18nProvider(() => fr, 'fr') } : {}) },
  );
  return dataProvider as never;
};
const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10_000 })).closest('[role="listitem"]') as HTMLElement;
const dialog = () => screen.findByRole('dialog');

beforeAll(fakeLayout);

describe('Session timeline: a new inquiry becomes an FAQ or a variation', () => {
  it('offers both actions on new inquiries only', async () => {
    renderSession();
    const inquiry = await rowOf('Do you offer training?');
    expect(within(inquiry).getByRole('group', { name: 'Learn from this inquiry' })).toBeInTheDocument();
    expect(within(inquiry).getByRole('button', { name: 'Add as FAQ' })).toBeInTheDocument();
    expect(within(inquiry).getByRole('button', { name: 'Add as variation of ...' })).toHaveAttribute('aria-haspopup', 'menu');
    // the detected FAQ and objection rows, and the transcripts, have neither
    expect(screen.getAllByRole('button', { name: 'Add as FAQ' })).toHaveLength(1);
    expect(within(await rowOf('Do you integrate with our CRM?')).queryByRole('button', { name: /Add as/ })).toBeNull();
    expect(within(await rowOf('It is too expensive')).queryByRole('button', { name: /Add as/ })).toBeNull();
  });

  it('opens the FAQ dialog pre-filled from the keyboard, creates the FAQ as the Dictionary page does and says so on the row', async () => {
    const user = userEvent.setup();
    const withAnswer = { ...TRAINING, answer: 'Yes: live onboarding sessions.' };
    const dataProvider = renderSession({ inquiries: [withAnswer] });
    const inquiry = await rowOf('Do you offer training?');
    within(inquiry).getByRole('button', { name: 'Add as FAQ' }).focus();
    await user.keyboard('{Enter}');
    const form = await dialog();
    expect(within(form).getByRole('heading', { name: 'Add Original FAQ' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Question/ })).toHaveValue('Do you offer training?');
    expect(within(form).getByRole('textbox', { name: /Answer/ })).toHaveValue('Yes: live onboarding sessions.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Item added successfully. Embeddings will be generated automatically.')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledTimes(1);
    expect(dataProvider.create).toHaveBeenCalledWith('faqs', {
      data: { question: 'Do you offer training?', answer: 'Yes: live onboarding sessions.', category: 'Original' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await rowOf('Do you offer training?');
    expect(within(row).getByText('Added as FAQ')).toBeInTheDocument();
    const link = within(row).getByRole('link', { name: 'Open in Dictionary' });
    expect(link).toHaveAttribute('href', '/dictionary?tab=faqs&search=Do+you+offer+training%3F');
    expect(link).toHaveFocus();
    expect(within(row).queryByRole('button', { name: 'Add as FAQ' })).toBeNull();
    // its group leaves the open list on Insights
    expect(dataProvider.markInquiryAddedByText).toHaveBeenCalledWith('Do you offer training?', {
      as: 'faq',
      question: 'Do you offer training?',
    });

    // another tab and back: the row still says so, and the link opens the Dictionary page
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true'), {
      timeout: 10_000,
    });
    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    const again = await rowOf('Do you offer training?');
    expect(within(again).getByText('Added as FAQ')).toBeInTheDocument();
    await user.click(within(again).getByRole('link', { name: 'Open in Dictionary' }));
    expect(await screen.findByText('The dictionary')).toBeInTheDocument();
  });

  it('needs an answer when the inquiry has none, and keeps warning about near-duplicates', async () => {
    const user = userEvent.setup();
    const dataProvider = renderSession({ matches: [match({ question: 'Do you provide training?', score: 0.91 })] });
    await user.click(within(await rowOf('Do you offer training?')).getByRole('button', { name: 'Add as FAQ' }));
    const form = await dialog();
    expect(within(form).getByRole('textbox', { name: /Answer/ })).toHaveValue('');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(await within(form).findByText('Very similar to "Do you provide training?" (91%). You can still save.')).toBeInTheDocument();
    expect(dataProvider.matchPhrase).toHaveBeenCalledWith({ text: 'Do you offer training?' });
    await user.type(within(form).getByRole('textbox', { name: /Answer/ }), 'Two live sessions.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledTimes(1));
    expect(dataProvider.create).toHaveBeenCalledWith('faqs', {
      data: { question: 'Do you offer training?', answer: 'Two live sessions.', category: 'Original' },
    });
  });

  it('lists the closest originals best first with their similarity and adds the inquiry as a variation of the one picked', async () => {
    const user = userEvent.setup();
    const dataProvider = renderSession({
      matches: [
        match({ type: 'objection', id: 'o7', question: 'We need to train our team first', score: 0.62 }),
        match({ type: 'landmine', id: 'l1', question: 'guaranteed results', score: 0.58 }),
        match({ type: 'faq', id: 'f3', question: 'Is onboarding included?', score: 0.55 }),
        match({ type: 'faq', id: 'f9', question: 'Where are you based?', score: 0.35 }),
      ],
    });
    within(await rowOf('Do you offer training?'))
      .getByRole('button', { name: 'Add as variation of ...' })
      .focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Closest originals, best first' });
    const candidates = await within(menu).findAllByTestId('variation-candidate');
    // landmines are not originals to vary, and a 35% match is not close
    expect(candidates.map((item) => item.textContent)).toEqual([
      'We need to train our team firstObjection · 62% similar',
      'Is onboarding included?FAQ · 55% similar',
    ]);
    // the best one has the keyboard; the arrows move between them
    await waitFor(() => expect(candidates[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(candidates[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(candidates[0]).toHaveFocus();
    await user.keyboard('{Enter}');

    const form = await dialog();
    expect(within(form).getByRole('heading', { name: 'Add Variation' })).toBeInTheDocument();
    expect(within(form).getByText('Variation of: We need to train our team first')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Question/ })).toHaveValue('Do you offer training?');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Variation added successfully. Embeddings will be generated automatically.')).toBeInTheDocument();
    expect(dataProvider.addVariation).toHaveBeenCalledWith('objections', 'o7', {
      question: 'Do you offer training?',
      category: 'Variation',
    });
    const row = await rowOf('Do you offer training?');
    expect(within(row).getByText('Added as a variation of "We need to train our team first"')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open in Dictionary' })).toHaveAttribute(
      'href',
      '/dictionary?tab=objections&search=We+need+to+train+our+team+first',
    );
    expect(dataProvider.create).not.toHaveBeenCalled();
    expect(dataProvider.markInquiryAddedByText).toHaveBeenCalledWith('Do you offer training?', {
      as: 'variation',
      type: 'objection',
      question: 'We need to train our team first',
    });
  });

  it('says when nothing is close and still offers Add as FAQ', async () => {
    const user = userEvent.setup();
    renderSession({ matches: [match({ score: 0.1 })] });
    await user.click(within(await rowOf('Do you offer training?')).getByRole('button', { name: 'Add as variation of ...' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByText('Nothing in the dictionary is close to this inquiry.')).toBeInTheDocument();
    expect(within(menu).queryAllByTestId('variation-candidate')).toHaveLength(0);
    await user.click(within(menu).getByRole('menuitem', { name: 'Add as FAQ' }));
    const form = await dialog();
    expect(within(form).getByRole('heading', { name: 'Add Original FAQ' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Question/ })).toHaveValue('Do you offer training?');
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    renderSession({ french: true, matches: [match({ type: 'faq', id: 'f3', question: 'Formation incluse ?', score: 0.55 })] });
    const inquiry = await rowOf('Do you offer training?');
    expect(within(inquiry).getByRole('group', { name: 'Apprendre de cette demande' })).toBeInTheDocument();
    expect(within(inquiry).getByRole('button', { name: 'Ajouter comme FAQ' })).toBeInTheDocument();
    await user.click(within(inquiry).getByRole('button', { name: 'Ajouter comme variante de ...' }));
    const menu = await screen.findByRole('menu', { name: 'Originaux les plus proches, du plus proche au moins proche' });
    const [candidate] = await within(menu).findAllByTestId('variation-candidate');
    expect(candidate).toHaveTextContent(/^Formation incluse \?FAQ · similaire à 55\s%$/);
    await user.click(candidate);
    const form = await dialog();
    expect(within(form).getByRole('heading', { name: 'Ajouter une variante' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const row = await rowOf('Do you offer training?');
    expect(await within(row).findByText('Ajoutée comme variante de « Formation incluse ? »')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Ouvrir dans le dictionnaire' })).toBeInTheDocument();
  });
});
