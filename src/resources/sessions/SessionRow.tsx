import GppMaybeOutlinedIcon from '@mui/icons-material/GppMaybeOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslate } from 'react-admin';
import { SESSION_ID_PREVIEW_LENGTH } from '@/config';
import { ColumnCell } from '@/shared/ColumnCell';
import { PATHS } from '@/shared/paths';
import { useDateLocale } from '@/i18n/dateFormat';
import { useSeriesPalette } from './detail/chartColors';
import { formatStartTime } from './formatDuration';
import { SessionStatusBadge } from './SessionStatusBadge';
import type { SessionSummary } from './sessionTypes';
import { useSessionFormat } from './useSessionFormat';

/** A rep by name, the address second; the address alone when Users has no name for it. */
export const RepName = ({ name, email }: { name?: string | null; email: string }) =>
  name ? (
    <>
      <Typography variant="body2">{name}</Typography>
      <Typography variant="caption" component="div" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {email}
      </Typography>
    </>
  ) : (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {email}
    </Typography>
  );

/** spec 2: one session, in the spec's columns. */
export const SessionRow = ({ session }: { session: SessionSummary }) => {
  const translate = useTranslate();
  const locale = useDateLocale();
  const format = useSessionFormat();
  const { landmine } = useSeriesPalette();
  const stats = session.statistics;
  const landmines = session.landmineCount ?? 0;
  return (
    <TableRow hover>
      <ColumnCell column="info">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {session.sessionName}
        </Typography>
        <Typography variant="caption" component="div" color="text.secondary">
          {formatStartTime(session.startTime, locale)}
        </Typography>
        <Typography variant="caption" component="div" color="text.secondary" sx={{ fontFamily: 'monospace' }} title={session.sessionId}>
          {session.sessionId.slice(0, SESSION_ID_PREVIEW_LENGTH)}
        </Typography>
      </ColumnCell>
      <ColumnCell column="user">
        <RepName name={session.userName} email={session.userEmail} />
      </ColumnCell>
      <ColumnCell column="room">{session.metadata?.roomName || translate('app.sessions.noRoom')}</ColumnCell>
      <ColumnCell column="duration" sx={{ whiteSpace: 'nowrap' }}>
        {format.duration(session.duration)}
      </ColumnCell>
      <ColumnCell column="statistics">
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', typography: 'caption' }}>
          <li>
            {translate('app.sessions.counts.transcripts', {
              smart_count: stats?.totalTranscripts ?? 0,
              count: format.number(stats?.totalTranscripts ?? 0),
            })}
          </li>
          <li>
            {translate('app.sessions.counts.objections', {
              smart_count: stats?.totalObjections ?? 0,
              count: format.number(stats?.totalObjections ?? 0),
            })}
          </li>
          <li>
            {translate('app.sessions.counts.faqs', { smart_count: stats?.totalFAQs ?? 0, count: format.number(stats?.totalFAQs ?? 0) })}
          </li>
        </Box>
      </ColumnCell>
      <ColumnCell column="landmines">
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: landmines ? landmine : undefined }}>
          {landmines > 0 && <GppMaybeOutlinedIcon fontSize="small" aria-hidden />}
          {format.number(landmines)}
        </Box>
      </ColumnCell>
      <ColumnCell column="status">
        <SessionStatusBadge status={session.status} />
      </ColumnCell>
      <ColumnCell column="actions">
        {/* one line at any width (it wrapped at 1400 px) */}
        <Button
          size="small"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          startIcon={<VisibilityIcon />}
          component={Link}
          to={`${PATHS.sessions}/${encodeURIComponent(session.sessionId)}`}
        >
          {translate('app.sessions.viewDetails')}
        </Button>
      </ColumnCell>
    </TableRow>
  );
};
