import { useCallback, useState } from 'react';
import { useAddUndoableMutation, useNotify, useTranslate, type Identifier } from 'react-admin';
import { BULK_MAX, type BulkOutcome } from '@/contract/bulk';
import { errorText } from '@/dataProvider/errorText';

interface UndoableBulkRun {
  ids: readonly Identifier[];
  /** 'hide' for a deletion; else the fields the rows show changed until the list reloads. */
  change: 'hide' | Record<string, unknown>;
  message: string;
  /** Sent only once the notification is gone without Undo. */
  send: (ids: readonly Identifier[]) => Promise<BulkOutcome>;
}

interface UndoableBulkOptions {
  /** The rows show their pending change until it resolves, so nothing is half-shown. */
  reload: () => Promise<unknown>;
  onFailed: (message: string) => void;
  failedKey: string;
  failedFallbackKey: string;
  missingKey: string;
}

/** react-admin's undoable mode for calls its mutation hooks do not cover (docs/api.md "Bulk work"). */
export const useUndoableBulk = ({ reload, onFailed, failedKey, failedFallbackKey, missingKey }: UndoableBulkOptions) => {
  const translate = useTranslate();
  const notify = useNotify();
  const addUndoableMutation = useAddUndoableMutation();
  const [pending, setPending] = useState<readonly { ids: readonly Identifier[]; change: UndoableBulkRun['change'] }[]>([]);

  const run = useCallback(
    ({ ids, change, message, send }: UndoableBulkRun) => {
      const entry = { ids, change };
      const settle = () => setPending((current) => current.filter((one) => one !== entry));
      setPending((current) => [...current, entry]);
      addUndoableMutation(({ isUndo }) => {
        if (isUndo) return settle();
        void (async () => {
          let failure: { count: number; reason: string } | null = null;
          try {
            const missing: Identifier[] = [];
            for (let start = 0; start < ids.length; start += BULK_MAX) {
              missing.push(...(await send(ids.slice(start, start + BULK_MAX))).missing);
            }
            // A row deleted meanwhile: a deletion has its way, a status change failed.
            if (change !== 'hide' && missing.length > 0) failure = { count: missing.length, reason: translate(missingKey) };
          } catch (error) {
            const text = errorText(error, failedFallbackKey);
            failure = { count: ids.length, reason: translate(text, { _: text }) };
          }
          await reload().catch(() => undefined);
          settle();
          if (failure) onFailed(translate(failedKey, { smart_count: failure.count, reason: failure.reason }));
        })();
      });
      notify(message, { type: 'info', undoable: true, messageArgs: { smart_count: ids.length } });
    },
    [addUndoableMutation, notify, translate, reload, onFailed, failedKey, failedFallbackKey, missingKey],
  );

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
