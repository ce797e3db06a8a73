import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import { buildDictionaryProvider, buildItem, buildItems } from '../support/dictionaryFakes';
import { renderInAdmin } from '../support/render';

type User = ReturnType<typeof userEvent.setup>;

const renderDictionary = (dataProvider = buildDictionaryProvider({ objections: [buildItem()] })) => {
  renderInAdmin(<DictionaryPage />, { dataProvider, path: '/dictionary' });
  return dataProvider;
};
const quietConsole = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
const firstRow = async () => (await screen.findAllByTestId('item-row'))[0];
const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp) => within(dialog()).getByRole('textbox', { name });
const saveButton = () => within(dialog()).getByRole('button', { name: 'Save' });
const rowAction = async (user: User, name: string) => user.click(within(await firstRow()).getByRole('button', { name }));

describe('DictionaryPage: the item dialog', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('adds an original: question and answer required, category Original and disabled, back to page 1', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDictionary(buildDictionaryProvider({ objections: buildItems(25) }));
    // the file's first render also loads the page's modules: give it longer than the default second
    await user.click(await screen.findByRole('button', { name: 'Page 2' }, { timeout: 10_000 }));
    await screen.findByText('Showing 21 to 25 of 25 original questions');
    await user.click(screen.getByRole('button', { name: 'Add Original Objection' }));
    expect(within(dialog()).getByRole('heading', { name: 'Add Original Objection' })).toBeInTheDocument();
    expect(field(/Category/)).toBeDisabled();
    expect(field(/Category/)).toHaveValue('Original');
    expect(field(/Question/)).toBeRequired();
    expect(field(/Answer/)).toBeRequired();
    expect(saveButton()).toBeDisabled();
    await user.type(field(/Question/), 'Send me an email');
    expect(saveButton()).toBeDisabled();
    await user.type(field(/Answer/), '   ');
    expect(saveButton()).toBeDisabled();
    await user.type(field(/Answer/), 'Happy to, and can we book 15 minutes?');
    await user.click(saveButton());
    expect(await screen.findByText('Item added successfully. Embeddings will be generated automatically.')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith('objections', {
      data: {
        question: 'Send me an email',
        answer: 'Happy to, and can we book 15 minutes?',
        category: 'Original',
        isOriginal: true,
        parentId: null,
      },
    });
    expect(await screen.findByText('Showing 1 to 20 of 25 original questions')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('adds an original FAQ with question, answer and category only', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDictionary(buildDictionaryProvider({ faqs: [buildItem({ id: 'f1' })] }));
    await user.click(screen.getByRole('tab', { name: 'FAQs' }));
    await user.click(screen.getByRole('button', { name: 'Add Original FAQ' }));
    await user.type(field(/Question/), 'Do you have an API?');
    await user.type(field(/Answer/), 'Yes, REST.');
    await user.click(saveButton());
    await screen.findByText('Item added successfully. Embeddings will be generated automatically.');
    expect(dataProvider.create).toHaveBeenCalledWith('faqs', {
      data: { question: 'Do you have an API?', answer: 'Yes, REST.', category: 'Original' },
    });
  });

  it('edits an original and reloads the current page, confirming for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dataProvider = renderDictionary();
    await rowAction(user, 'Edit');
    expect(field(/Question/)).toHaveValue('Your price is too high');
    expect(field(/Category/)).toBeDisabled();
    expect(field(/Answer/)).toBeEnabled();
    await user.clear(field(/Question/));
    await user.type(field(/Question/), 'Too expensive');
    const listCalls = vi.mocked(dataProvider.getList).mock.calls.length;
    await user.click(saveButton());
    const message = 'Item updated successfully. Embeddings will be regenerated automatically.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith(
      'objections',
      expect.objectContaining({
        id: 'o1',
        data: { question: 'Too expensive', answer: buildItem().answer, category: 'Original', isOriginal: true },
      }),
    );
    await waitFor(() => expect(vi.mocked(dataProvider.getList).mock.calls.length).toBeGreaterThan(listCalls));
    expect(dataProvider.getList).toHaveBeenLastCalledWith('objections', expect.objectContaining({ pagination: { page: 1, perPage: 20 } }));
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByText(message)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it("edits a variation: the answer is the original's, disabled, with the note; category Variation", async () => {
    const user = userEvent.setup();
    const dataProvider = renderDictionary();
    await rowAction(user, 'Show variations');
    await user.click(within(screen.getByTestId('variation-row')).getByRole('button', { name: 'Edit variation' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit Variation' })).toBeInTheDocument();
    expect(field(/Answer/)).toBeDisabled();
    expect(field(/Answer/)).toHaveValue(buildItem().answer);
    expect(within(dialog()).getByText('Editing the answer updates it for all variations')).toBeInTheDocument();
    expect(field(/Category/)).toBeDisabled();
    expect(field(/Category/)).toHaveValue('Variation');
    await user.clear(field(/Question/));
    expect(saveButton()).toBeDisabled();
    await user.type(field(/Question/), 'Costs a lot');
    await user.click(saveButton());
    await screen.findByText('Item updated successfully. Embeddings will be regenerated automatically.');
    expect(dataProvider.update).toHaveBeenCalledWith(
      'objections',
      expect.objectContaining({
        id: 'v1',
        data: { question: 'Costs a lot', answer: buildItem().answer, category: 'Variation', isOriginal: false },
      }),
    );
  });

  it('says when saving fails and keeps the dialog open', async () => {
    quietConsole();
    const user = userEvent.setup();
    const dataProvider = buildDictionaryProvider({ objections: [buildItem()] });
    dataProvider.update = vi.fn(async () => Promise.reject(new Error('nope')));
    renderDictionary(dataProvider);
    await rowAction(user, 'Edit');
    await user.click(saveButton());
    // inside the dialog (spec 8): a page banner would sit behind the modal's backdrop
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to save item');
    await user.click(within(alert).getByRole('button', { name: /close/i }));
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(field(/Question/)).toHaveValue('Your price is too high');
  });

  it("shows the server's message inside the dialog when it sent one", async () => {
    quietConsole();
    const user = userEvent.setup();
    const dataProvider = buildDictionaryProvider({ objections: [buildItem()] });
    const message = 'Must not contain invalid characters (NUL or unpaired surrogates)';
    dataProvider.update = vi.fn(async () => Promise.reject(new HttpError(message, 400, { error: 'VALIDATION_ERROR', message })));
    renderDictionary(dataProvider);
    await rowAction(user, 'Edit');
    await user.click(saveButton());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(message);
  });
});

describe('DictionaryPage: adding a variation', { timeout: 30_000 }, () => {
  it('requires the question and posts it under the original', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDictionary();
    await rowAction(user, 'Add variation');
    expect(within(dialog()).getByRole('heading', { name: 'Add Variation' })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.type(field(/Question/), 'Is there a discount?');
    await user.click(saveButton());
    expect(await screen.findByText('Variation added successfully. Embeddings will be generated automatically.')).toBeInTheDocument();
    expect(dataProvider.addVariation).toHaveBeenCalledWith('objections', 'o1', { question: 'Is there a discount?', category: 'Variation' });
  });

  it('says when adding fails', async () => {
    quietConsole();
    const user = userEvent.setup();
    const dataProvider = buildDictionaryProvider({ objections: [buildItem()] });
    dataProvider.addVariation = vi.fn(async () => Promise.reject(new Error('')));
    renderDictionary(dataProvider);
    await rowAction(user, 'Add variation');
    await user.type(field(/Question/), 'Is there a discount?');
    await user.click(saveButton());
    expect(await within(dialog()).findByText('Failed to add variation')).toBeInTheDocument();
    expect(field(/Question/)).toHaveValue('Is there a discount?');
  });
});

describe('DictionaryPage: deleting', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks with the exact sentence, does nothing on Cancel, deletes on confirm and confirms for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dataProvider = renderDictionary();
    await rowAction(user, 'Delete');
    expect(
      within(dialog()).getByText(
        'Are you sure you want to delete this item? If this is an original question, all variations will also be deleted.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(dataProvider.delete).not.toHaveBeenCalled();
    await rowAction(user, 'Delete');
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item deleted successfully')).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith('objections', expect.objectContaining({ id: 'o1' }));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByText('Item deleted successfully')).not.toBeInTheDocument();
  });

  it('focuses Cancel, so Enter does not delete', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDictionary();
    await rowAction(user, 'Delete');
    // the confirmation takes the focus to Cancel once it has opened
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.delete).not.toHaveBeenCalled();
  });

  it('deletes a variation by its own id and says when deleting fails', async () => {
    quietConsole();
    const user = userEvent.setup();
    const dataProvider = buildDictionaryProvider({ objections: [buildItem()] });
    dataProvider.delete = vi.fn(async () => Promise.reject(new Error('x')));
    renderDictionary(dataProvider);
    await rowAction(user, 'Show variations');
    await user.click(within(screen.getByTestId('variation-row')).getByRole('button', { name: 'Delete variation' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete item')).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith('objections', expect.objectContaining({ id: 'v1' }));
    // the failure concerns the objection: it goes once the admin moves on to another tab
    await user.click(screen.getByRole('tab', { name: 'FAQs' }));
    await waitFor(() => expect(screen.queryByText('Failed to delete item')).not.toBeInTheDocument());
  });
});

describe('DictionaryPage: AI-generated variations', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for 3, lets the admin edit, remove and add, then saves each non-empty one as AI Generated', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDictionary();
    await rowAction(user, 'Generate AI variations');
    expect(await screen.findByRole('heading', { name: 'Review AI-Generated Variations' })).toBeInTheDocument();
    expect(dataProvider.generateVariations).toHaveBeenCalledWith('objections', 'o1', 3);
    const variation = (n: number) => within(dialog()).getByRole('textbox', { name: `Variation ${n}` });
    expect(variation(1)).toHaveValue('Is it too expensive?');
    expect(variation(3)).toHaveValue('Can you lower the price?');
    await user.clear(variation(1));
    await user.type(variation(1), 'Is this overpriced?');
    await user.click(within(dialog()).getByRole('button', { name: 'Remove variation 2' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Add Another' }));
    await user.type(variation(3), 'Why pay more?');
    await user.click(within(dialog()).getByRole('button', { name: 'Add Another' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save Variations' }));
    expect(await screen.findByText('Successfully saved 3 variation(s)')).toBeInTheDocument();
    expect(vi.mocked(dataProvider.addVariation).mock.calls).toEqual([
      ['objections', 'o1', { question: 'Is this overpriced?', category: 'AI Generated' }],
      ['objections', 'o1', { question: 'Can you lower the price?', category: 'AI Generated' }],
      ['objections', 'o1', { question: 'Why pay more?', category: 'AI Generated' }],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reports when nothing was saved', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDictionary();
    await rowAction(user, 'Generate AI variations');
    await screen.findByRole('heading', { name: 'Review AI-Generated Variations' });
    for (const n of [3, 2, 1]) await user.click(within(dialog()).getByRole('button', { name: `Remove variation ${n}` }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save Variations' }));
    expect(await screen.findByText('No variations were saved')).toBeInTheDocument();
    expect(dataProvider.addVariation).not.toHaveBeenCalled();
  });

  it('reports a failed save', async () => {
    quietConsole();
    const user = userEvent.setup();
    const dataProvider = buildDictionaryProvider({ objections: [buildItem()] });
    dataProvider.addVariation = vi.fn(async () => Promise.reject(new Error('down')));
    renderDictionary(dataProvider);
    await rowAction(user, 'Generate AI variations');
    await user.click(await screen.findByRole('button', { name: 'Save Variations' }));
    expect(await within(dialog()).findByText('Failed to save variations')).toBeInTheDocument();
  });

  it.each([
    ['the server message', 'Generator unavailable', 'Generator unavailable'],
    ['the generic message', '', 'Failed to generate variations'],
  ])('shows %s when generating fails', async (_, serverMessage, shown) => {
    quietConsole();
    const user = userEvent.setup();
    const dataProvider = buildDictionaryProvider({ objections: [buildItem()] });
    // what the http client throws for a spec error body (docs/api.md): `{ error, message }`, message possibly empty
    const failure = new HttpError(serverMessage, 502, { error: 'GENERATION_FAILED', message: serverMessage });
    dataProvider.generateVariations = vi.fn(async () => Promise.reject(failure));
    renderDictionary(dataProvider);
    await rowAction(user, 'Generate AI variations');
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
