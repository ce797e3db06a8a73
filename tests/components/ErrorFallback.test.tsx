import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootErrorBoundary } from '@/shared/RootErrorBoundary';

const Broken = (): never => {
  throw new Error('kaboom');
};

describe('global error fallback', () => {
  afterEach(() => vi.restoreAllMocks());

  it('replaces a crashed screen with the fallback and logs the error details', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RootErrorBoundary>
        <Broken />
      </RootErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred. Please try refreshing the page.')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({
        message: 'kaboom',
        stack: expect.stringContaining('kaboom'),
        componentStack: expect.stringContaining('Broken'),
        timestamp: expect.any(String),
      }),
    );
  });

  it('reloads the page from the Reload Page button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(
      <RootErrorBoundary>
        <Broken />
      </RootErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalled();
  });

  it('renders its children when nothing fails', () => {
    render(
      <RootErrorBoundary>
        <p>All good</p>
      </RootErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
  });
});
