import { createContext, type ReactNode, use, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { BannerAlert } from './BannerAlert';
import { type Banner, type BannerControls, useBanner } from './useBanner';

const PageBannerContext = createContext<BannerControls | null>(null);

/**
 * A screen's one banner (spec 8): the latest outcome replaces the previous. A failure stays until
 * dismissed or the admin moves on (its address, or `view`, e.g. a tab), so it never sits above work it does not concern.
 */
export const PageBannerProvider = ({ children, view = '' }: { children: ReactNode; view?: string }) => {
  const controls = useBanner();
  const { pathname, search } = useLocation();
  const shown = `${pathname}?${search}#${view}`;
  const last = useRef(shown);
  const { clearError } = controls;
  useEffect(() => {
    if (last.current === shown) return;
    last.current = shown;
    clearError();
  }, [shown, clearError]);
  useStaleErrorsCleared(controls);
  return <PageBannerContext value={controls}>{children}</PageBannerContext>;
};

/** A failure shown when a later action (any mutation) began comes down once that action succeeds: it no longer describes the screen. */
const useStaleErrorsCleared = ({ banner, clearIfShown }: BannerControls) => {
  const queryClient = useQueryClient();
  const current = useRef(banner);
  current.current = banner;
  useEffect(() => {
    const shownAtStart = new Map<number, Banner | null>();
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { mutation, action } = event;
      if (action.type === 'pending') shownAtStart.set(mutation.mutationId, current.current);
      if (action.type !== 'success' && action.type !== 'error') return;
      const stale = shownAtStart.get(mutation.mutationId);
      shownAtStart.delete(mutation.mutationId);
      if (action.type === 'success' && stale?.severity === 'error') clearIfShown(stale);
    });
  }, [queryClient, clearIfShown]);
};

export const usePageBanner = (): BannerControls => {
  const controls = use(PageBannerContext);
  if (!controls) throw new Error('usePageBanner needs a PageBannerProvider around the screen');
  return controls;
};

export const PageBannerAlert = () => {
  const { banner, clear } = usePageBanner();
  return <BannerAlert banner={banner} onClose={clear} />;
};
