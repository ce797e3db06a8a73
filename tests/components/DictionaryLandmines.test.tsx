import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import { buildDictionaryProvider, buildLandmine } from '../support/dictionaryFakes';
import { renderInAdmin } from '../support/render';

type User = ReturnType<typeof userEvent.setup>;

const openLandmines = async (user: User, dataProvider = buildDictionaryProvider({ landmines: [buildLandmine()] })) => {
  renderInAdmin(<DictionaryPage />, { dataProvider, path: '/dictionary' });
  await user.click(screen.getByRole('tab', { name: 'Landmines' }));
  return dataProvider;
};
const quietConsole = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
const firstRow = async () => (await screen.findAllByTestId('landmine-row'))[0];
const dialog = () => screen.getByRole('dialog');
const textbox = (name: string | RegExp) => within(dialog()).getByRole('textbox', { name });
const saveButton = () => within(dialog()).getByRole('button', { name: 'Save' });
/** One change per field: the landmine dialog re-renders every entry on each keystroke, slow in jsdom. */
const fill = async (user: User, field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};

describe('DictionaryPage: landmine rows', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows trigger, priority, category, status, trigger variations, quick tips and 2 points of each kind with +N more', async () => {
    const user = userEvent.setup();
    await openLandmines(user);
    const row = await firstRow();
    expect(within(row).getByRole('heading', { name: 'guaranteed returns' })).toBeInTheDocument();
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByText('Financial')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('promise profit')).toBeInTheDocument();
    expect(within(row).getByText('sure thing')).toBeInTheDocument();
    expect(within(row).getByText('Talk about history, not promises')).toBeInTheDocument();
    expect(within(row).getByText('Past performance data')).toBeInTheDocument();
    expect(within(row).getByText('Case studies')).toBeInTheDocument();
    expect(within(row).queryByText('Industry benchmarks')).not.toBeInTheDocument();
    expect(within(row).getByText('+1 more')).toBeInTheDocument();
    expect(within(row).getByText('Guaranteed ROI')).toBeInTheDocument();
    expect(within(row).getByText('Risk-free')).toBeInTheDocument();
    expect(within(row).queryByText('Best in the world')).not.toBeInTheDocument();
    expect(within(row).getByText('+2 more')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('opens the hidden points in place from +N more, keyboard too, and closes them with Show fewer', async () => {
    const user = userEvent.setup();
    await openLandmines(user);
    const row = await firstRow();
    const more = within(row).getByRole('button', { name: '+2 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await user.keyboard('{Enter}');
    expect(within(row).getByText('Best in the world')).toBeInTheDocument();
    const fewer = within(row).getByRole('button', { name: 'Show fewer' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    // the other list stays as it was
    expect(within(row).queryByText('Industry benchmarks')).not.toBeInTheDocument();
    await user.click(fewer);
    expect(within(row).queryByText('Best in the world')).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '+2 more' })).toBeInTheDocument();
  });

  it("words its search box as the spec does on every tab: 'Search questions and answers...'", async () => {
    const user = userEvent.setup();
    await openLandmines(user);
    await firstRow();
    expect(screen.getByPlaceholderText('Search questions and answers...')).toBeInTheDocument();
  });

  it('shows an inactive landmine with Activate and no +N more line for 2 points', async () => {
    const user = userEvent.setup();
    await openLandmines(
      user,
      buildDictionaryProvider({
        landmines: [buildLandmine({ isActive: false, priority: 'low', canSay: [{ point: 'A' }, { point: 'B' }], cannotSay: [] })],
      }),
    );
    const row = await firstRow();
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    expect(within(row).getByText('Low')).toBeInTheDocument();
    expect(within(row).queryByText(/more$/)).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('searches trigger, category, quick tips and trigger variations in the browser', async () => {
    const user = userEvent.setup();
    await openLandmines(
      user,
      buildDictionaryProvider({
        landmines: [
          buildLandmine(),
          buildLandmine({ id: 'l2', trigger: 'cancel anytime', category: 'Contract', quickTips: '', triggerVariations: ['no lock-in'] }),
        ],
      }),
    );
    await screen.findByText('cancel anytime');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'LOCK-IN');
    expect(screen.getAllByTestId('landmine-row')).toHaveLength(1);
    expect(screen.getByText('cancel anytime')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No landmines found. Try adjusting your search or add a new landmine.')).toBeInTheDocument();
  });

  it('toggles the status and says so, or says it failed', async () => {
    const user = userEvent.setup();
    const dataProvider = await openLandmines(user);
    await user.click(within(await firstRow()).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Landmine status updated')).toBeInTheDocument();
    expect(dataProvider.toggleLandmine).toHaveBeenCalledWith('l1');
    quietConsole();
    dataProvider.toggleLandmine = vi.fn(async () => Promise.reject(new Error('x')));
    await user.click(within(await firstRow()).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Failed to toggle landmine status')).toBeInTheDocument();
  });

  it('asks with the exact sentence before deleting', async () => {
    const user = userEvent.setup();
    const dataProvider = await openLandmines(user);
    await user.click(within(await firstRow()).getByRole('button', { name: 'Delete' }));
    expect(
      within(dialog()).getByText('Are you sure you want to delete this landmine? This will affect real-time detection.'),
    ).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Landmine deleted successfully')).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith('landmines', expect.objectContaining({ id: 'l1' }));
  });

  it('says when deleting fails', async () => {
    quietConsole();
    const user = userEvent.setup();
    const dataProvider = buildDictionaryProvider({ landmines: [buildLandmine()] });
    dataProvider.delete = vi.fn(async () => Promise.reject(new Error('x')));
    await openLandmines(user, dataProvider);
    await user.click(within(await firstRow()).getByRole('button', { name: 'Delete' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete landmine')).toBeInTheDocument();
  });
});

describe('DictionaryPage: the landmine dialog', { timeout: 60_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('requires trigger and category (marked with an asterisk) and offers the three priorities, medium by default', async () => {
    const user = userEvent.setup();
    await openLandmines(user, buildDictionaryProvider());
    await user.click(screen.getByRole('button', { name: 'Add Landmine' }));
    expect(within(dialog()).getByRole('heading', { name: 'Add Landmine' })).toBeInTheDocument();
    expect(textbox(/^Trigger( \*)?$/)).toBeRequired();
    expect(textbox(/^Category( \*)?$/)).toBeRequired();
    expect(within(dialog()).getByText('Trigger', { selector: 'label' })).toHaveTextContent('Trigger *');
    expect(saveButton()).toBeDisabled();
    await fill(user, textbox(/^Trigger( \*)?$/), 'free forever');
    expect(saveButton()).toBeDisabled();
    await fill(user, textbox(/^Category( \*)?$/), 'Pricing');
    expect(saveButton()).toBeEnabled();
    const priority = within(dialog()).getByRole('combobox', { name: 'Priority' });
    expect(priority).toHaveTextContent('Medium (Compliance Concern)');
    await user.click(priority);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'High (Legal/Regulatory Risk)',
      'Medium (Compliance Concern)',
      'Low (Brand Guidance)',
    ]);
  });

  it('adds a landmine with blank entries dropped and optional context, reason and severity kept', async () => {
    const user = userEvent.setup();
    const dataProvider = await openLandmines(user, buildDictionaryProvider());
    await user.click(screen.getByRole('button', { name: 'Add Landmine' }));
    await fill(user, textbox(/^Trigger( \*)?$/), 'free forever');
    await fill(user, textbox(/^Category( \*)?$/), 'Pricing');
    await user.click(within(dialog()).getByRole('combobox', { name: 'Priority' }));
    await user.click(screen.getByRole('option', { name: 'High (Legal/Regulatory Risk)' }));
    await fill(user, textbox('Trigger variation 1'), 'no cost ever');
    await user.click(within(dialog()).getByRole('button', { name: 'Add Trigger Variation' }));
    await fill(user, textbox('Trigger variation 2'), '   ');
    await fill(user, textbox('Can say point 1'), 'Free trial for 30 days');
    await fill(user, within(dialog()).getAllByRole('textbox', { name: 'Context (optional)' })[0], 'then paid plans');
    await user.click(within(dialog()).getByRole('button', { name: 'Add Can-Say Point' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Add Can-Say Point' }));
    await fill(user, textbox('Can say point 3'), 'Discounts for annual plans');
    await fill(user, textbox('Cannot say point 1'), 'Free forever');
    await fill(user, textbox('Reason (optional)'), 'Not true');
    await user.click(within(dialog()).getByRole('combobox', { name: 'Severity' }));
    await user.click(screen.getByRole('option', { name: 'Legal Risk' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Add Cannot-Say Point' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove Can say point 2' }));
    await fill(user, textbox('Quick Tips'), 'Mention the trial');
    await user.click(saveButton());
    expect(await screen.findByText('Landmine added successfully')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith('landmines', {
      data: {
        trigger: 'free forever',
        category: 'Pricing',
        priority: 'high',
        triggerVariations: ['no cost ever'],
        canSay: [{ point: 'Free trial for 30 days', context: 'then paid plans' }, { point: 'Discounts for annual plans' }],
        cannotSay: [{ point: 'Free forever', reason: 'Not true', severity: 'legal_risk' }],
        quickTips: 'Mention the trial',
      },
    });
  });

  it('edits a landmine with its values filled in, keeping its status', async () => {
    const user = userEvent.setup();
    const dataProvider = await openLandmines(user);
    await user.click(within(await firstRow()).getByRole('button', { name: 'Edit' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit Landmine' })).toBeInTheDocument();
    expect(textbox(/^Trigger( \*)?$/)).toHaveValue('guaranteed returns');
    expect(textbox('Can say point 3')).toHaveValue('Industry benchmarks');
    expect(within(dialog()).getByRole('combobox', { name: 'Priority' })).toHaveTextContent('High (Legal/Regulatory Risk)');
    await user.clear(textbox(/^Category( \*)?$/));
    expect(saveButton()).toBeDisabled();
    await fill(user, textbox(/^Category( \*)?$/), 'Investments');
    await user.click(saveButton());
    expect(await screen.findByText('Landmine updated successfully')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith(
      'landmines',
      expect.objectContaining({
        id: 'l1',
        data: expect.objectContaining({ category: 'Investments', isActive: true, triggerVariations: ['promise profit', 'sure thing'] }),
      }),
    );
  });

  it('says when saving fails', async () => {
    quietConsole();
    const user = userEvent.setup();
    const dataProvider = buildDictionaryProvider({ landmines: [buildLandmine()] });
    dataProvider.update = vi.fn(async () => Promise.reject(new Error('x')));
    await openLandmines(user, dataProvider);
    await user.click(within(await firstRow()).getByRole('button', { name: 'Edit' }));
    await user.click(saveButton());
    // inside the dialog: a page banner would sit behind the modal's backdrop
    expect(await within(dialog()).findByText('Failed to save landmine')).toBeInTheDocument();
    expect(textbox(/^Trigger( \*)?$/)).toHaveValue('guaranteed returns');
  });
});
