import { memo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useDateLocale } from '@/i18n/dateFormat';
import { SessionStatusBadge } from '@/resources/sessions/SessionStatusBadge';
import { formatStartTime } from '@/resources/sessions/formatDuration';
import { repLabel } from '@/resources/sessions/repLabel';
import type { SessionDetail } from '@/resources/sessions/sessionTypes';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';
import { SessionConfigVersion } from './SessionConfigVersion';
import { SessionReportButton } from './SessionReportButton';

/** spec 2: session name, user email, duration, date and room; the one-file report. */
// memo: unchanged on a tab switch, which renders the page again.
export const SessionHeader = memo(({ session }: { session: SessionDetail }) => {
  const translate = useTranslate();
  const locale = useDateLocale();
  const format = useSessionFormat();
  const facts: [string, string][] = [
    ['user', repLabel(translate, session.userEmail, session.userName)],
    ['duration', format.duration(session.duration)],
    ['date', formatStartTime(session.startTime, locale)],
    ['room', session.metadata?.roomName || translate('app.sessions.noRoom')],
  ];
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          {session.sessionName}
        </Typography>
        <SessionStatusBadge status={session.status} />
        <SessionReportButton session={session} />
      </Box>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0, mt: 1 }}>
        {facts.map(([key, value]) => (
          <Box key={key} sx={{ display: 'flex', gap: 0.75 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate('app.sessions.labelled', { label: translate(`app.sessions.detail.${key}`) })}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <SessionConfigVersion session={session} />
    </Box>
  );
});
