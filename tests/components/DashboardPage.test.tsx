import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AiAssistantCard } from '@/customPages/settings/AiAssistantCard';
import { DashboardPage } from '@/customPages/dashboard/DashboardPage';
import { SystemConfigCard } from '@/customPages/settings/SystemConfigCard';
import { TranscriptsPage } from '@/customPages/transcripts/TranscriptsPage';
import { sessionsPath } from '@/resources/sessions/sessionFilters';
import { insightsServer, PERIOD } from '../support/insightsFakes';
import { buildDataProvider, renderInAdmin } from '../support/render';

const FIND = { timeout: 10_000 };
const card = (title: string) => screen.getByRole('heading', { name: title }).closest('.MuiCard-root') as HTMLElement;

describe('DashboardPage', () => {
  it('welcomes the admin and shows the four informational cards', () => {
    renderInAdmin(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome to the Admin Portal' })).toBeInTheDocument();
    for (const title of ['AI Sales Assistant Control', 'User Management', 'Analytics & Reports', 'System Dashboard']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  it('carries live figures on its cards, each linking to where it comes from', async () => {
    const server = insightsServer();
    renderInAdmin(<DashboardPage />, { dataProvider: buildDataProvider({ getInsights: server.getInsights }) });
    const calls = await within(card('Analytics & Reports')).findByRole('link', { name: '400' }, FIND);
    expect(calls.closest('li')).toHaveTextContent('Calls in the last 7 days400');
    expect(calls).toHaveAttribute('href', sessionsPath({ from: PERIOD.from, to: PERIOD.to, finished: 'true' }));
    const unknown = within(card('Analytics & Reports')).getByRole('link', { name: '2' });
    expect(unknown.closest('li')).toHaveTextContent('Unknown questions, last 7 days2');
    expect(unknown).toHaveAttribute('href', '/insights?period=7d#insights-inquiries');
    const watched = await within(card('User Management')).findByRole('link', { name: '1' });
    expect(watched.closest('li')).toHaveTextContent('Reps to watch, last 7 days1');
    expect(watched).toHaveAttribute('href', '/insights?period=7d#insights-reps');
    const model = await within(card('AI Sales Assistant Control')).findByRole('link', { name: 'use-lite-512' });
    expect(model.closest('li')).toHaveTextContent('Embedding modeluse-lite-512');
    expect(model).toHaveAttribute('href', '/settings');
    const version = await within(card('System Dashboard')).findByRole('link', { name: '7' });
    expect(version.closest('li')).toHaveTextContent('Configuration version7');
    expect(server.queries('items')).toEqual(['period=7d']);
    // the spec's card texts stay, word for word
    expect(within(card('Analytics & Reports')).getByText('Review call performance, detections and sentiment trends.')).toBeInTheDocument();
  });

  it('shows each figure loading, then a failure with Retry that asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    let fail = true;
    const getConfigVersion = vi.fn(async () => {
      if (fail) throw new Error('down');
      return { version: 9, updatedAt: '2026-05-01T12:00:00.000Z' };
    });
    const server = insightsServer();
    renderInAdmin(<DashboardPage />, { dataProvider: buildDataProvider({ getInsights: server.getInsights, getConfigVersion }) });
    const system = card('System Dashboard');
    expect(within(system).getByRole('status', { name: 'Loading: Configuration version' })).toBeInTheDocument();
    expect(await within(system).findByText('Could not be loaded.', {}, FIND)).toBeInTheDocument();
    fail = false;
    await user.click(within(system).getByRole('button', { name: 'Retry: Configuration version' }));
    expect(await within(system).findByRole('link', { name: '9' })).toHaveAttribute('href', '/settings');
    expect(getConfigVersion).toHaveBeenCalledTimes(2);
  });

  it('has a Quick Actions card whose four buttons do nothing', async () => {
    const user = userEvent.setup();
    renderInAdmin(<DashboardPage />);
    expect(screen.getByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
    for (const label of ['Configure AI Settings', 'View System Logs', 'Manage Remote Config', 'Export Reports']) {
      await user.click(screen.getByRole('button', { name: label }));
    }
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('marks the Quick Actions as not yet available', () => {
    renderInAdmin(<DashboardPage />);
    const card = screen.getByRole('heading', { name: 'Quick Actions' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(card).getByText('Not yet available')).toBeInTheDocument();
    for (const label of ['Configure AI Settings', 'View System Logs', 'Manage Remote Config', 'Export Reports']) {
      const button = within(card).getByRole('button', { name: label });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Placeholders: these actions are not available yet.');
    }
  });
});

describe('the placeholder Settings cards', () => {
  it.each([
    ['AI Assistant Configuration', <AiAssistantCard key="ai" />],
    ['System Configuration', <SystemConfigCard key="system" />],
  ])('marks %s as not yet available', (title, card) => {
    renderInAdmin(card, { path: '/settings' });
    const root = screen.getByRole('heading', { name: title }).closest('.MuiCard-root') as HTMLElement;
    expect(within(root).getByText('Not yet available')).toBeInTheDocument();
    expect(within(root).getByText('A placeholder: these settings are not saved and change nothing yet.')).toBeInTheDocument();
  });

  it('says Save Settings does nothing yet', () => {
    renderInAdmin(<SystemConfigCard />, { path: '/settings' });
    const save = screen.getByRole('button', { name: 'Save Settings' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAccessibleDescription('A placeholder: these settings are not saved and change nothing yet.');
  });
});

describe('TranscriptsPage', () => {
  it('is a placeholder saying the functionality is yet to be implemented', () => {
    renderInAdmin(<TranscriptsPage />, { path: '/transcripts' });
    expect(screen.getByRole('heading', { name: 'Call Transcripts' })).toBeInTheDocument();
    expect(screen.getByText(/yet to be implemented/)).toBeInTheDocument();
  });
});
