import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useCreate, useDelete, useGetList, useNotify } from 'react-admin';
import type { LabelItemType, LabelKind, PhraseLabel } from '@/contract/phraseLabels';
import type { Utterance } from './timeline';

export interface LabelTarget {
  utterance: Utterance;
  kind: LabelKind;
  item: { type: LabelItemType; id: string } | null;
}

interface CallLabels {
  labels: readonly PhraseLabel[];
  label(target: LabelTarget): Promise<PhraseLabel | null>;
  undo(label: PhraseLabel): Promise<void>;
  busy: boolean;
}

const CallLabelsContext = createContext<CallLabels | null>(null);

/** At most this many labels of one call are read for its timeline. */
const CALL_LABELS_MAX = 100;

/** A call's labels (docs/matching.md "Labelled phrases") for the rows of its timeline, and the writes that make and undo them. */
export const CallLabelsProvider = ({ sessionId, children }: { sessionId: string; children: ReactNode }) => {
  const notify = useNotify();
  const { data, refetch } = useGetList<PhraseLabel>('phraseLabels', {
    filter: { sessionId },
    pagination: { page: 1, perPage: CALL_LABELS_MAX },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  const [create, { isPending: creating }] = useCreate<PhraseLabel>();
  const [remove, { isPending: removing }] = useDelete<PhraseLabel>();
  const value = useMemo<CallLabels>(() => {
    const label = async ({ utterance, kind, item }: LabelTarget) => {
      const body = { sessionId, ...utterance, kind, itemType: item?.type ?? null, itemId: item?.id ?? null };
      try {
        const saved = (await create('phraseLabels', { data: body }, { returnPromise: true })) as PhraseLabel;
        await refetch();
        notify('app.phraseLabels.saved', { type: 'info' });
        return saved;
      } catch {
        notify('app.phraseLabels.saveFailed', { type: 'error' });
        return null;
      }
    };
    const undo = async (existing: PhraseLabel) => {
      try {
        await remove('phraseLabels', { id: existing.id, previousData: existing }, { returnPromise: true });
        await refetch();
        notify('app.phraseLabels.undone', { type: 'info' });
      } catch {
        notify('app.phraseLabels.undoFailed', { type: 'error' });
      }
    };
    // the list filters on a part of the id: only this call's own count
    const labels = (data ?? []).filter((entry) => entry.sessionId === sessionId);
    return { labels, label, undo, busy: creating || removing };
  }, [data, sessionId, create, remove, refetch, notify, creating, removing]);
  return <CallLabelsContext.Provider value={value}>{children}</CallLabelsContext.Provider>;
};

/** null outside a call's page (the rows render without label controls). */
export const useCallLabels = () => useContext(CallLabelsContext);

/** The labels already on this utterance. */
export const labelsOn = (labels: readonly PhraseLabel[], utterance: Utterance) =>
  labels.filter((entry) => entry.text === utterance.text && entry.speaker === utterance.speaker);
