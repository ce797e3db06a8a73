import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERSION_CONFLICT_MESSAGES } from '@/contract/common';
import type { CallSettings, CallSettingsData } from '@/contract/callEnd';
import type { SpeechRateSettings } from '@/contract/speechRate';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import { SettingsPage } from '@/customPages/settings/SettingsPage';
import { buildDictionaryProvider, buildItem, buildLandmine } from '../support/dictionaryFakes';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildUser, renderUsers, rowOf } from '../support/users';

/**
 * A save over a newer version (409 VERSION_CONFLICT) is worded inside the card
 * or dialog, Reload loads the newer values beside the typed ones (never losing them) and the
 * next save starts from the newer version; a speech-rate card whose refresh failed says its
 * values may be stale, keeps Save off and offers Retry.
 */
const versionConflict = (record: keyof typeof VERSION_CONFLICT_MESSAGES) =>
  new HttpError(VERSION_CONFLICT_MESSAGES[record], 409, { error: 'VERSION_CONFLICT', message: VERSION_CONFLICT_MESSAGES[record] });
const CONFLICT_TEXT = 'Someone else changed this since you opened it. Reload to see their version; what you typed is kept.';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('version conflicts', () => {
  it('speech-rate settings: the conflict inside the card, Reload shows theirs beside the typed values, the next save starts from theirs', async () => {
    const user = userEvent.setup();
    let stored: Required<SpeechRateSettings> = { enabled: true, time_window: 30, max_words: 150, version: 3 };
    const updateSpeechRate = vi.fn(async (settings: SpeechRateSettings) => {
      if (settings.version !== stored.version) throw versionConflict('speechRate');
      stored = { ...stored, ...settings, version: stored.version + 1 };
      return stored;
    });
    renderInAdmin(<SettingsPage />, {
      dataProvider: buildDataProvider({ getSpeechRate: vi.fn(async () => stored), updateSpeechRate }),
      path: '/settings',
    });
    const maxWords = await screen.findByRole('spinbutton', { name: 'Max Words' });
    // Another admin saves after this card loaded.
    stored = { enabled: true, time_window: 40, max_words: 160, version: 4 };
    await user.clear(maxWords);
    await user.type(maxWords, '222');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByText(CONFLICT_TEXT);
    expect(updateSpeechRate).toHaveBeenLastCalledWith(expect.objectContaining({ max_words: 222, version: 3 }));
    expect(screen.queryByText('Failed to save speech rate settings')).not.toBeInTheDocument();
    expect(maxWords).toHaveValue(222);
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Saved by someone else: on, 40 s, 160 words')).toBeInTheDocument();
    expect(maxWords).toHaveValue(222);
    expect(screen.getByRole('spinbutton', { name: 'Time Window (seconds)' })).toHaveValue(30);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Speech rate settings updated successfully')).toBeInTheDocument();
    expect(updateSpeechRate).toHaveBeenLastCalledWith({ enabled: true, time_window: 30, max_words: 222, version: 4 });
  });

  it('speech-rate card: a failed refresh after a load says the values may be stale, keeps Save off, and Retry brings it back', async () => {
    const user = userEvent.setup();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const getSpeechRate = vi.fn(async () => ({ enabled: true, time_window: 30, max_words: 150, version: 1 }));
    renderInAdmin(<SettingsPage />, { dataProvider: buildDataProvider({ getSpeechRate }), path: '/settings', queryClient });
    // The speech-rate card alone: the other cards of Settings have their own Save and Retry.
    const card = within(await screen.findByRole('region', { name: 'Speech Rate Monitoring' }));
    const save = await card.findByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();

    getSpeechRate.mockRejectedValueOnce(new Error('network down'));
    await act(() => queryClient.refetchQueries({ queryKey: ['speechRate'] }));
    expect(await card.findByText(/These values may be out of date/)).toBeInTheDocument();
    expect(card.getByText('Failed to load speech rate settings')).toBeInTheDocument();
    expect(card.getByRole('spinbutton', { name: 'Max Words' })).toHaveValue(150);
    expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(card.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(card.queryByText(/These values may be out of date/)).not.toBeInTheDocument());
    expect(card.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('call settings: the conflict inside the card, Reload shows their minutes beside the typed ones, the next save starts from theirs', async () => {
    const user = userEvent.setup();
    let stored: CallSettingsData = { abandonAfterMinutes: 30, defaultMinutes: 30, version: 2 };
    const updateCallSettings = vi.fn(async (settings: CallSettings) => {
      if (settings.version !== stored.version) throw versionConflict('callSettings');
      stored = { ...stored, ...settings, version: stored.version + 1 };
      return stored;
    });
    renderInAdmin(<SettingsPage />, {
      dataProvider: buildDataProvider({ getCallSettings: vi.fn(async () => stored), updateCallSettings }),
      path: '/settings',
    });
    const card = within(await screen.findByRole('region', { name: 'Calls that never finished' }));
    const minutes = await card.findByRole('spinbutton', { name: 'Abandon after (minutes)' });
    stored = { ...stored, abandonAfterMinutes: 45, version: 3 };
    await user.clear(minutes);
    await user.type(minutes, '20');
    await user.click(card.getByRole('button', { name: 'Save' }));

    const alert = await card.findByText(CONFLICT_TEXT);
    expect(updateCallSettings).toHaveBeenLastCalledWith({ abandonAfterMinutes: 20, version: 2 });
    expect(card.queryByText('Failed to save call settings')).not.toBeInTheDocument();
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }));
    expect(await card.findByText('Their value: 45 minutes.')).toBeInTheDocument();
    expect(minutes).toHaveValue(20);

    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('Call settings updated successfully')).toBeInTheDocument();
    expect(updateCallSettings).toHaveBeenLastCalledWith({ abandonAfterMinutes: 20, version: 3 });
  });

  it('objection: the conflict inside the edit dialog, Reload keeps the typed text and the next save carries their version', async () => {
    const user = userEvent.setup();
    const objection = buildItem({ version: 2, variations: [] });
    const dataProvider = buildDictionaryProvider({ objections: [objection] });
    const update = vi.fn(async (_resource: string, { id, data }: { id: string; data: { version?: number } }) => {
      if (data.version !== objection.version) throw versionConflict('objection');
      return { data: { ...data, id } };
    });
    dataProvider.update = update as never;
    renderInAdmin(<DictionaryPage />, { dataProvider, path: '/dictionary' });
    await user.click(within((await screen.findAllByTestId('item-row', {}, { timeout: 10_000 }))[0]).getByRole('button', { name: 'Edit' }));
    // Another admin saves the same objection.
    Object.assign(objection, { answer: 'Their newer answer', version: 3 });
    const question = within(screen.getByRole('dialog')).getByRole('textbox', { name: /Question/ });
    await user.clear(question);
    await user.type(question, 'My typed question');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));

    await within(screen.getByRole('dialog')).findByText(CONFLICT_TEXT);
    expect(update).toHaveBeenLastCalledWith('objections', expect.objectContaining({ data: expect.objectContaining({ version: 2 }) }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reload' }));
    expect(
      await within(screen.getByRole('dialog')).findByText(/Their version: Your price is too high \(answer: Their newer answer\)/),
    ).toBeInTheDocument();
    expect(question).toHaveValue('My typed question');

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(update).toHaveBeenLastCalledWith(
      'objections',
      expect.objectContaining({ data: expect.objectContaining({ question: 'My typed question', version: 3 }) }),
    );
  });

  it('landmine: the conflict inside the edit dialog, Reload keeps the typed trigger and takes their version and status', async () => {
    const user = userEvent.setup();
    const landmine = buildLandmine({ version: 5 });
    const dataProvider = buildDictionaryProvider({ landmines: [landmine] });
    const update = vi.fn(async (_resource: string, { id, data }: { id: string; data: { version?: number } }) => {
      if (data.version !== landmine.version) throw versionConflict('landmine');
      return { data: { ...data, id } };
    });
    dataProvider.update = update as never;
    renderInAdmin(<DictionaryPage />, { dataProvider, path: '/dictionary' });
    await user.click(await screen.findByRole('tab', { name: 'Landmines' }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    Object.assign(landmine, { category: 'Legal', isActive: false, version: 6 });
    const trigger = within(screen.getByRole('dialog')).getByRole('textbox', { name: /^Trigger( \*)?$/ });
    await user.clear(trigger);
    await user.type(trigger, 'my typed trigger');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));

    await within(screen.getByRole('dialog')).findByText(CONFLICT_TEXT);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reload' }));
    expect(await within(screen.getByRole('dialog')).findByText(/Their version: guaranteed returns \(category: Legal/)).toBeInTheDocument();
    expect(trigger).toHaveValue('my typed trigger');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(update).toHaveBeenLastCalledWith(
      'landmines',
      expect.objectContaining({ data: expect.objectContaining({ trigger: 'my typed trigger', version: 6, isActive: false }) }),
    );
  });

  it('user: the conflict inside Edit User, Reload shows theirs and keeps the typed name', async () => {
    const user = userEvent.setup();
    const bob = buildUser({ id: 'u2', email: 'bob@example.test', name: 'Bob', role: 'user', version: 1 });
    const update = vi.fn(async (_resource: string, { id, data }: { id: string; data: { version?: number } }) => {
      if (data.version !== bob.version) throw versionConflict('user');
      return { data: { ...data, id } };
    });
    renderUsers([buildUser(), bob], { update } as never);
    await user.click(within(await rowOf('bob@example.test')).getByRole('button', { name: 'Edit' }));
    Object.assign(bob, { name: 'Robert', isActive: false, version: 2 });
    const name = within(screen.getByRole('dialog')).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Bobby');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));

    await within(screen.getByRole('dialog')).findByText(CONFLICT_TEXT);
    expect(screen.queryByText('Failed to update user')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reload' }));
    expect(await within(screen.getByRole('dialog')).findByText('Their version: Robert, User, Inactive')).toBeInTheDocument();
    expect(name).toHaveValue('Bobby');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(update).toHaveBeenLastCalledWith(
      'users',
      expect.objectContaining({ data: expect.objectContaining({ name: 'Bobby', version: 2 }) }),
    );
  });
});
