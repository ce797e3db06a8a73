import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageBannerAlert, PageBannerProvider, usePageBanner } from '@/shared/PageBanner';

/** Two actions of a screen: one that fails into the banner, one that succeeds without a banner of its own (a refresh, a toggle). */
const Actions = ({ failsAgain = false }: { failsAgain?: boolean }) => {
  const banner = usePageBanner();
  const failing = useMutation({
    mutationFn: async () => Promise.reject(new Error('no')),
    onError: () => banner.error('Failed to delete item'),
  });
  const quiet = useMutation({
    mutationFn: async () => 'done',
    onSuccess: () => {
      if (failsAgain) banner.error('Failed to save variations');
    },
  });
  return (
    <>
      <button type="button" onClick={() => failing.mutate()}>
        Delete
      </button>
      <button type="button" onClick={() => quiet.mutate()}>
        Save
      </button>
      <PageBannerAlert />
    </>
  );
};

const renderScreen = (failsAgain = false) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PageBannerProvider>
          <Actions failsAgain={failsAgain} />
        </PageBannerProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("a screen's error banner", () => {
  it('comes down once a later action succeeds', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete item')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Failed to delete item')).not.toBeInTheDocument());
  });

  it("stays when it is the later action's own outcome", async () => {
    const user = userEvent.setup();
    renderScreen(true);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Failed to delete item');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save variations')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Failed to save variations')).toBeInTheDocument();
  });
});
