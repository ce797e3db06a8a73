import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardPage } from '@/customPages/dashboard/DashboardPage';
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
});

describe('TranscriptsPage', () => {
  it('is a placeholder saying the functionality is yet to be implemented', () => {
    renderInAdmin(<TranscriptsPage />, { path: '/transcripts' });
    expect(screen.getByRole('heading', { name: 'Call Transcripts' })).toBeInTheDocument();
    expect(screen.getByText(/yet to be implemented/)).toBeInTheDocument();
  });
});
