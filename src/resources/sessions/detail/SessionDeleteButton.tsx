import { useState } from 'react';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import type { PortalDataProvider } from '@/dataProvider/types';
import { useDateLocale } from '@/i18n/dateFormat';
import { formatStartTime } from '@/resources/sessions/formatDuration';
import { repLabel } from '@/resources/sessions/repLabel';
import type { SessionDetail } from '@/resources/sessions/sessionTypes';
import { ConfirmDialog } from '@/shared/ConfirmDialog';
import { PATHS } from '@/shared/paths';
import { useErrorText } from '@/shared/useErrorText';

/**
 * Erasing one session from its page, for privacy requests (docs/api.md "Erasing sessions"; a
 * rep's calls: ../SessionErasure.tsx). It asks first, naming the call and that it cannot be
 * undone (Cancel has the focus); afterwards every cached read is dropped, since the lists and the
 * insights counted the call.
 */

/** The confirmation of one session's erasure. */
export const SessionEraseDialog = ({
  session,
  loading,
  onCancel,
  onConfirm,
}: {
  session: Pick<SessionDetail, 'sessionName' | 'userEmail' | 'userName' | 'startTime'>;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) => {
  const translate = useTranslate();
  const locale = useDateLocale();
  return (
    <ConfirmDialog
      title="app.sessionErasure.deleteTitle"
      message={translate('app.sessionErasure.deleteMessage', {
        name: session.sessionName,
        rep: repLabel(translate, session.userEmail, session.userName),
        date: formatStartTime(session.startTime, locale),
      })}
      confirmLabel="app.sessionErasure.deleteConfirm"
      cancelLabel="app.sessionErasure.cancel"
      loading={loading}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
};

/** The session page's Delete button: erases the session, then goes back to the list. */
export const SessionDeleteButton = ({ session }: { session: SessionDetail }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const erase = useMutation({
    mutationFn: () => dataProvider.delete('sessions', { id: session.sessionId, previousData: { ...session, id: session.sessionId } }),
    onSuccess: () => {
      setOpen(false);
      notify(translate('app.sessionErasure.deleted', { name: session.sessionName }), { type: 'success' });
      void queryClient.invalidateQueries();
      navigate(PATHS.sessions);
    },
    onError: (error) => {
      setOpen(false);
      notify(errorText(error, 'app.sessionErasure.deleteFailed'), { type: 'error' });
    },
  });
  return (
    <>
      <Button variant="outlined" size="small" color="error" startIcon={<DeleteForeverIcon />} onClick={() => setOpen(true)}>
        {translate('app.sessionErasure.delete')}
      </Button>
      {open && (
        <SessionEraseDialog
          session={session}
          loading={erase.isPending}
          onCancel={() => !erase.isPending && setOpen(false)}
          onConfirm={() => erase.mutate()}
        />
      )}
    </>
  );
};
