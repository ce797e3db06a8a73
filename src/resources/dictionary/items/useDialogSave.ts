import { useState } from 'react';

/** A save refused because someone else saved a newer version first (docs/api.md "Versions"). */
export const VERSION_CONFLICT_OUTCOME = { versionConflict: true } as const;

/** What a dialog's save resolves to: the failure's text to show in the dialog, a version conflict, or null once saved. */
export type SaveOutcome = string | null | typeof VERSION_CONFLICT_OUTCOME;

/**
 * A dialog's save: closes it once saved, else keeps it open with the failure's text inside it
 * (spec 8), or with `conflict` set (when it happened, to key the dialog's conflict alert).
 */
export const useDialogSave = (onClose: () => void) => {
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<number | null>(null);
  const run = async (save: () => Promise<SaveOutcome>) => {
    setError(null);
    const failure = await save();
    if (failure === null) onClose();
    else if (typeof failure === 'object') setConflict(Date.now());
    else setError(failure);
  };
  return { error, conflict, dismissError: () => setError(null), run };
};
