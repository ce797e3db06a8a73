import { useCallback, useEffect, useState } from 'react';

export interface Banner {
  severity: 'success' | 'error';
  message: string;
  /** spec 8, 9: successes vanish after 3 s or 5 s; errors stay until dismissed. */
  hideAfterMs?: number;
}

export interface BannerControls {
  banner: Banner | null;
  success: (message: string, hideAfterMs?: number) => void;
  error: (message: string) => void;
  clear: () => void;
  clearError: () => void;
  /** Takes `shown` down if it is still the banner on screen. */
  clearIfShown: (shown: Banner) => void;
}

export const SHORT_BANNER_MS = 3_000;
export const LONG_BANNER_MS = 5_000;

export const useBanner = (): BannerControls => {
  const [banner, setBanner] = useState<Banner | null>(null);

  useEffect(() => {
    if (!banner?.hideAfterMs) return;
    const timer = setTimeout(() => setBanner(null), banner.hideAfterMs);
    return () => clearTimeout(timer);
  }, [banner]);

  const success = useCallback(
    (message: string, hideAfterMs = SHORT_BANNER_MS) => setBanner({ severity: 'success', message, hideAfterMs }),
    [],
  );
  const error = useCallback((message: string) => setBanner({ severity: 'error', message }), []);
  const clear = useCallback(() => setBanner(null), []);
  const clearError = useCallback(() => setBanner((shown) => (shown?.severity === 'error' ? null : shown)), []);
  const clearIfShown = useCallback((stale: Banner) => setBanner((shown) => (shown === stale ? null : shown)), []);
  return { banner, success, error, clear, clearError, clearIfShown };
};
