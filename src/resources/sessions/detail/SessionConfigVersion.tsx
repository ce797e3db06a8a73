import HistoryIcon from '@mui/icons-material/History';
import SensorsIcon from '@mui/icons-material/Sensors';
import SensorsOffIcon from '@mui/icons-material/SensorsOff';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { CONFIGURATION_TARGET_TYPES } from '@/contract/audit';
import { formatDateTime, useDateLocale } from '@/i18n/dateFormat';
import type { SessionDetail } from '@/resources/sessions/sessionTypes';
import { PATHS } from '@/shared/paths';
import { useConfigVersion } from '@/shared/useConfigVersion';
import { toMillis } from './timeline';

/** Only changes that reach the assistant (not users, service keys, sessions): what it did not yet know during the call. */
export const auditSinceUrl = (since: string, until: string) => {
  const filter = encodeURIComponent(JSON.stringify({ at_gte: since, at_lte: until, targetType: CONFIGURATION_TARGET_TYPES.join(',') }));
  return `${PATHS.audit}?filter=${filter}&sort=at&order=ASC`;
};

/** Its assistant may have stopped without completing it (a crash, a lost network), which the page then says. */
export const QUIET_CALL_MS = 10 * 60_000;

const lastEventOf = (session: SessionDetail): number | null => {
  const times = [
    session.startTime,
    ...(session.transcripts ?? []),
    ...(session.detectedObjections ?? []),
    ...(session.detectedFAQs ?? []),
    ...(session.newInquiries ?? []),
    ...(session.speechRateAnalysis?.alerts ?? []),
  ]
    .map((event) => toMillis(typeof event === 'string' ? event : event.timestamp))
    .filter(Number.isFinite);
  return times.length > 0 ? Math.max(...times) : null;
};

export const SessionConfigVersion = ({ session }: { session: SessionDetail }) => {
  const translate = useTranslate();
  const locale = useDateLocale();
  const lastEvent = lastEventOf(session);
  const { data: current } = useConfigVersion();
  const version = session.configVersion ?? null;
  const outdated = version !== null && current !== undefined && current.version > version;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0.5 }}>
      <Typography variant="body2" color="text.secondary" data-testid="session-config-version">
        {version === null ? translate('app.configVersion.sessionUnknown') : translate('app.configVersion.session', { version })}
      </Typography>
      {outdated && (
        <Link
          component={RouterLink}
          to={auditSinceUrl(session.startTime, current.updatedAt)}
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <HistoryIcon fontSize="small" aria-hidden />
          {translate('app.configVersion.changesSince', { current: current.version })}
        </Link>
      )}
      {session.status === 'in_progress' && (
        <Typography role="status" variant="body2" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {lastEvent !== null && Date.now() - lastEvent > QUIET_CALL_MS ? (
            <>
              <SensorsOffIcon fontSize="small" aria-hidden />
              {translate('app.configVersion.quiet', { time: formatDateTime(new Date(lastEvent).toISOString(), locale) })}
            </>
          ) : (
            <>
              <SensorsIcon fontSize="small" aria-hidden />
              {translate('app.configVersion.live')}
            </>
          )}
        </Typography>
      )}
    </Box>
  );
};
