import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ERROR_CODES } from '@/contract/common';
import { errorCodeOf } from '@/contract/failedCall';
import type { PortalDataProvider } from '@/dataProvider/types';
import { datePatterns, formatDate, useDateLocale } from '@/i18n/dateFormat';
import type { SessionDetail } from '@/resources/sessions/sessionTypes';
import { ConfirmDialog } from '@/shared/ConfirmDialog';
import { useErrorText } from '@/shared/useErrorText';

type Conflict = 'notInProgress' | 'newEvents';

const Fact = ({ label, children }: { label: string; children: string }) => (
  <Box sx={{ display: 'flex', gap: 0.75 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
      {children}
    </Typography>
  </Box>
);

/**
 * When the call last heard from the assistant, why it failed when the assistant did not say, and, while it is in
 * progress, Mark as failed (docs/api.md "Calls that never finished"): confirmed first, refused when the call ended
 * or an event came in after what this page shows.
 */
export const SessionCallEnd = ({ session }: { session: SessionDetail }) => {
  const translate = useTranslate();
  const locale = useDateLocale();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const { lastEventAt, failureReason } = session;
  const ago = lastEventAt ? formatDistanceToNow(new Date(lastEventAt), { addSuffix: true, locale }) : '';
  const mark = useMutation({
    mutationFn: () => dataProvider.markSessionFailed(session.sessionId, lastEventAt),
    onSuccess: () => {
      setOpen(false);
      notify(translate('app.callEnd.markedFailed', { name: session.sessionName }), { type: 'success' });
      void queryClient.invalidateQueries();
    },
    onError: (error) => {
      setOpen(false);
      const code = errorCodeOf(error);
      if (code === ERROR_CODES.versionConflict) setConflict('newEvents');
      else if (code === ERROR_CODES.conflict) setConflict('notInProgress');
      else notify(errorText(error, 'app.callEnd.markFailedFailed'), { type: 'error' });
    },
  });
  const reload = () => {
    setConflict(null);
    void queryClient.invalidateQueries();
  };
  if (!lastEventAt && !failureReason) return null;
  return (
    <Box sx={{ mb: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0 }}>
          {lastEventAt && (
            <Fact label={translate('app.sessions.labelled', { label: translate('app.callEnd.lastEvent') })}>
              {translate('app.callEnd.lastEventAt', {
                date: formatDate(lastEventAt, `${datePatterns(locale).date} HH:mm:ss`, locale),
                ago,
              })}
            </Fact>
          )}
          {session.status === 'failed' && failureReason && (
            <Fact label={translate('app.sessions.labelled', { label: translate('app.callEnd.reason') })}>
              {translate(`app.callEnd.reasons.${failureReason}`)}
            </Fact>
          )}
        </Box>
        {session.status === 'in_progress' && (
          <Button variant="outlined" size="small" color="warning" startIcon={<ReportProblemIcon />} onClick={() => setOpen(true)}>
            {translate('app.callEnd.markFailed')}
          </Button>
        )}
      </Box>
      {conflict && (
        <Alert
          severity="warning"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {translate('app.callEnd.reload')}
            </Button>
          }
        >
          {translate(`app.callEnd.${conflict}`)}
        </Alert>
      )}
      {open && (
        <ConfirmDialog
          title="app.callEnd.markFailedTitle"
          message={translate('app.callEnd.markFailedMessage', { name: session.sessionName, rep: session.userEmail, ago })}
          confirmLabel="app.callEnd.markFailedConfirm"
          cancelLabel="app.callEnd.cancel"
          loading={mark.isPending}
          onCancel={() => !mark.isPending && setOpen(false)}
          onConfirm={() => mark.mutate()}
        />
      )}
    </Box>
  );
};
