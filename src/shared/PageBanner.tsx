import { createContext, type ReactNode, use } from 'react';
import { BannerAlert } from './BannerAlert';
import { type BannerControls, useBanner } from './useBanner';

const PageBannerContext = createContext<BannerControls | null>(null);

/** A screen's one banner (spec 8), for every piece of the screen that reports an outcome: the latest replaces the previous. */
export const PageBannerProvider = ({ children }: { children: ReactNode }) => {
  const controls = useBanner();
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
