import { useState } from 'react';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider/types';
import { ConfirmDialog } from '@/shared/ConfirmDialog';
import { useErrorText } from '@/shared/useErrorText';
import { useRepName, useRepText } from './useFilterNames';

/**
 * Erasing every call of one rep from the Sessions list filtered by that rep, for privacy requests
 * (docs/api.md "Erasing sessions"; one session: detail/SessionDeleteButton.tsx). It asks first,
 * naming how many calls go and that it cannot be undone (Cancel has the focus). Afterwards every
 * cached read is dropped: the lists, the sessions and the insights all counted the erased calls.
 */

const useForgetReads = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
};

/** The confirmation of a rep's erasure, with how many calls go. */
export const RepEraseDialog = ({
  rep,
  calls,
  loading,
  onCancel,
  onConfirm,
}: {
  rep: string;
  calls: number;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) => {
  const translate = useTranslate();
  return (
    <ConfirmDialog
      title={translate('app.sessionErasure.eraseRepTitle', { rep })}
      message={translate('app.sessionErasure.eraseRepMessage', { smart_count: calls, rep })}
      confirmLabel="app.sessionErasure.eraseRepConfirm"
      cancelLabel="app.sessionErasure.cancel"
      loading={loading}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
};

/**
 * "Erase this rep's calls" on the Sessions list filtered by a rep the admin picked there: counts
 * the rep's calls (the list's count of the rep filter alone), asks naming the rep, erases them all.
 */
export const RepErasureButton = ({ rep: email }: { rep: string }) => {
  const translate = useTranslate();
  const rep = useRepText()(email, useRepName(email));
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const errorText = useErrorText();
  const forgetReads = useForgetReads();
  const [calls, setCalls] = useState<number | null>(null);
  const count = useMutation({
    mutationFn: async (who: string) =>
      (
        await dataProvider.getList('sessions', {
          filter: { rep: who },
          pagination: { page: 1, perPage: 1 },
          sort: { field: 'id', order: 'DESC' },
        })
      ).total ?? 0,
    onSuccess: (total) => {
      if (total === 0) notify(translate('app.sessionErasure.eraseRepNone', { rep }), { type: 'info' });
      else setCalls(total);
    },
    onError: (error) => notify(errorText(error, 'app.sessionErasure.countFailed'), { type: 'error' }),
  });
  const erase = useMutation({
    mutationFn: (who: string) => dataProvider.eraseRepSessions(who),
    onSuccess: (erased) => {
      setCalls(null);
      notify(translate('app.sessionErasure.repErased', { smart_count: erased.erased, rep }), { type: 'success' });
      void forgetReads();
    },
    onError: (error) => {
      setCalls(null);
      notify(errorText(error, 'app.sessionErasure.eraseRepFailed'), { type: 'error' });
    },
  });
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        color="error"
        startIcon={<DeleteForeverIcon />}
        disabled={count.isPending}
        sx={{ mb: 2 }}
        title={translate('app.sessionErasure.eraseRepHint', { rep })}
        onClick={() => count.mutate(email)}
      >
        {translate('app.sessionErasure.eraseRep')}
      </Button>
      {calls !== null && (
        <RepEraseDialog
          rep={rep}
          calls={calls}
          loading={erase.isPending}
          onCancel={() => !erase.isPending && setCalls(null)}
          onConfirm={() => erase.mutate(email)}
        />
      )}
    </>
  );
};
