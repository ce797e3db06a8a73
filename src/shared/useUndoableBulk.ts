import { useCallback, useState } from 'react';
import { useAddUndoableMutation, useNotify, useTranslate, type Identifier } from 'react-admin';
import { type BulkFailure, failureReasons, runEach } from './bulkOutcome';

interface UndoableBulkRun {
  ids: readonly Identifier[];
  /** 'hide' for a deletion; else the fields the rows show changed until the list reloads. */
  change: 'hide' | Record<string, unknown>;
  /** i18n key of the notification, given `smart_count`. */
  message: string;
  /** One row's call, sent only once the notification is gone without Undo. */
  call: (id: Identifier) => Promise<unknown>;
}

interface UndoableBulkOptions {
  /** Reloads the list; the rows show their pending change until it resolves, so nothing is half-shown. */
  reload: () => Promise<unknown>;
  /** The failed calls' summary, for the page's banner. */
  onFailed: (message: string) => void;
  /** i18n key of the failure summary (`smart_count`, `reason`) and of the reason a call without the server's word gets. */
  failedKey: string;
  failedFallbackKey: string;
}

/**
 * react-admin's undoable mode for calls its mutation hooks do not cover (the dictionary's own
 * lists, the landmine toggle): the rows change at once, the notification offers Undo for its few
 * seconds, and the calls go out only when it closes without Undo; Undo sends nothing. Each call
 * is the single row's route, which audits its row (docs/api.md).
 */
export const useUndoableBulk = ({ reload, onFailed, failedKey, failedFallbackKey }: UndoableBulkOptions) => {
  const translate = useTranslate();
  const notify = useNotify();
  const addUndoableMutation = useAddUndoableMutation();
  const [pending, setPending] = useState<readonly { ids: readonly Identifier[]; change: UndoableBulkRun['change'] }[]>([]);

  const run = useCallback(
    ({ ids, change, message, call }: UndoableBulkRun) => {
      const summary = (failed: BulkFailure[]) =>
        translate(failedKey, { smart_count: failed.length, reason: failureReasons(failed, failedFallbackKey, translate) });
      const entry = { ids, change };
      const settle = () => setPending((current) => current.filter((one) => one !== entry));
      setPending((current) => [...current, entry]);
      addUndoableMutation(({ isUndo }) => {
        if (isUndo) return settle();
        void (async () => {
          const { failed } = await runEach(ids, call);
          await reload().catch(() => undefined);
          settle();
          if (failed.length > 0) onFailed(summary(failed));
        })();
      });
      notify(message, { type: 'info', undoable: true, messageArgs: { smart_count: ids.length } });
    },
    [addUndoableMutation, notify, translate, reload, onFailed, failedKey, failedFallbackKey],
  );

  /** The rows as shown while changes wait for their notification: hidden, or with the new values. */
  const apply = useCallback(
    <T extends { id: Identifier }>(rows: readonly T[]): T[] =>
      pending.reduce<T[]>(
        (shown, { ids, change }) =>
          change === 'hide'
            ? shown.filter((row) => !ids.includes(row.id))
            : shown.map((row) => (ids.includes(row.id) ? { ...row, ...change } : row)),
        [...rows],
      ),
    [pending],
  );

  return { run, apply };
};
