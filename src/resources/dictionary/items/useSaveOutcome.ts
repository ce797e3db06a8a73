import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePageBanner } from '@/shared/PageBanner';
import { SHORT_BANNER_MS } from '@/shared/useBanner';
import { useErrorText } from '@/shared/useErrorText';
import { isVersionConflict } from '@/shared/VersionConflict';

interface SaveOutcomeOptions {
  /** i18n keys of the page's success banner and of the failure shown in the dialog. */
  successKey: string;
  failureKey: string;
  successMs?: number;
  /** Once saved, with the data sent: closes the dialog (and whatever else the screen does then). */
  onSaved: (sent: Record<string, unknown>) => void;
}

/**
 * The outcome of a dictionary dialog's save through CreateBase or EditBase (pessimistic: once
 * the server answered). A success goes to the page's banner and `onSaved`; a failure stays
 * inside the dialog, where the admin is (spec 8: a page banner would sit behind the backdrop),
 * a 409 VERSION_CONFLICT as its own alert (`conflict`: when, to key it).
 */
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
    /** A new attempt: the previous failure's text goes. */
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
