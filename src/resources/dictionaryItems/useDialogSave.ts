import { useState } from 'react';

/** What a dialog's save resolves to: the failure's text to show in the dialog, or null once saved. */
export type SaveOutcome = string | null;

/** A dialog's save: closes it once saved, else keeps it open with the failure's text inside it (spec 8). */
export const useDialogSave = (onClose: () => void) => {
  const [error, setError] = useState<string | null>(null);
  const run = async (save: () => Promise<SaveOutcome>) => {
    setError(null);
    const failure = await save();
    if (failure === null) onClose();
    else setError(failure);
  };
  return { error, dismissError: () => setError(null), run };
};
