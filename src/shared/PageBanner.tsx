import { createContext, type ReactNode, use, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { BannerAlert } from './BannerAlert';
import { type BannerControls, useBanner } from './useBanner';

const PageBannerContext = createContext<BannerControls | null>(null);

/**
 * A screen's one banner (spec 8), for every piece of the screen that reports an outcome: the
 * latest replaces the previous. A failure stays until dismissed or until the admin moves on to
 * something else on the screen (its address, or `view`: what it shows that the address does not
 * hold, such as a tab), so it never sits above work it does not concern.
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

/** The banner of the screen this sits in. */
export const usePageBanner = (): BannerControls => {
  const controls = use(PageBannerContext);
  if (!controls) throw new Error('usePageBanner needs a PageBannerProvider around the screen');
  return controls;
};

/** Where the screen shows its banner. */
export const PageBannerAlert = () => {
  const { banner, clear } = usePageBanner();
  return <BannerAlert banner={banner} onClose={clear} />;
};
