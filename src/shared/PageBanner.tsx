import { createContext, type ReactNode, use, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { BannerAlert } from './BannerAlert';
import { type BannerControls, useBanner } from './useBanner';

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
  return <PageBannerContext value={controls}>{children}</PageBannerContext>;
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
