import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePageBanner } from '@/shared/PageBanner';
import { SHORT_BANNER_MS } from '@/shared/useBanner';
import { useErrorText } from '@/shared/useErrorText';
import { isVersionConflict } from '@/shared/VersionConflict';

interface SaveOutcomeOptions {
  successKey: string;
  failureKey: string;
  successMs?: number;
  onSaved: (sent: Record<string, unknown>) => void;
}

/** A failure stays inside the dialog (spec 8: a page banner would sit behind the backdrop). */
export const useSaveOutcome = ({ successKey, failureKey, successMs = SHORT_BANNER_MS, onSaved }: SaveOutcomeOptions) => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const banner = usePageBanner();
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<number | null>(null);
  const dismissError = () => setError(null);
  return {
    error,
    conflict,
    dismissError,
    start: dismissError,
    mutationOptions: {
      onSuccess: (_saved: unknown, variables: { data?: unknown }) => {
        banner.success(translate(successKey), successMs);
        onSaved((variables.data ?? {}) as Record<string, unknown>);
      },
      onError: (failure: unknown) => {
        if (isVersionConflict(failure)) setConflict(Date.now());
        else setError(errorText(failure, failureKey));
      },
    },
  };
};
