import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AiAssistantCard } from '@/customPages/settings/AiAssistantCard';
import { DashboardPage } from '@/customPages/dashboard/DashboardPage';
import { SystemConfigCard } from '@/customPages/settings/SystemConfigCard';
import { TranscriptsPage } from '@/customPages/transcripts/TranscriptsPage';
import { renderInAdmin } from '../support/render';

describe('DashboardPage', () => {
  it('welcomes the admin and shows the four informational cards', () => {
    renderInAdmin(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome to the Admin Portal' })).toBeInTheDocument();
    for (const title of ['AI Sales Assistant Control', 'User Management', 'Analytics & Reports', 'System Dashboard']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
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
