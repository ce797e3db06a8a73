import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatOffset } from '@/resources/sessions/formatDuration';
import type { SessionTabProps } from './momentTypes';
import { toMillis } from './timeline';

/** Every landmine of the call with its time into the call; each opens the timeline at its moment. */
export const LandmineTable = ({ session, onOpenMoment }: Pick<SessionTabProps, 'session' | 'onOpenMoment'>) => {
  const translate = useTranslate();
  const start = toMillis(session.startTime);
  const hits = session.landmines ?? [];
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {translate('app.sessions.statistics.landmines')}
      </Typography>
      {hits.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.sessions.statistics.noLandmines')}
        </Typography>
      ) : (
        <Table size="small" aria-label={translate('app.sessions.statistics.landmines')} sx={{ maxWidth: 720, mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.sessions.statistics.time')}</TableCell>
              <TableCell>{translate('app.sessions.statistics.trigger')}</TableCell>
              <TableCell>{translate('app.sessions.statistics.category')}</TableCell>
              <TableCell>{translate('app.sessions.statistics.speaker')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {hits.map((hit, index) => (
              <TableRow key={index}>
                <TableCell>
                  <Link component="button" type="button" onClick={() => onOpenMoment(hit.timestamp, 'landmine')}>
                    {formatOffset(Math.max(0, (toMillis(hit.timestamp) - start) / 1000))}
                  </Link>
                </TableCell>
                <TableCell>{hit.trigger}</TableCell>
                <TableCell>{hit.category ?? translate('app.sessions.noValue')}</TableCell>
                <TableCell>{translate(`app.sessions.speakers.${hit.speaker}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
};
