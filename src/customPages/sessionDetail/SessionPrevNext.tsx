import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { PATHS } from '@/customPages/paths';
import { neighboursOf, readListContext } from '@/resources/sessions/sessionNavigation';

const detailPath = (sessionId: string) => `${PATHS.sessions}/${encodeURIComponent(sessionId)}`;

/** Walks the sessions of the list as it was last filtered; disabled at either end. */
export const SessionPrevNext = ({ sessionId }: { sessionId: string }) => {
  const translate = useTranslate();
  const { previous, next, position, total } = useMemo(() => neighboursOf(readListContext().ids, sessionId), [sessionId]);
  if (total === 0 || position === 0) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Button size="small" startIcon={<ChevronLeftIcon />} disabled={!previous} {...(previous ? { component: Link, to: detailPath(previous) } : {})}>
        {translate('app.sessions.detail.previous')}
      </Button>
      <Typography variant="caption" color="text.secondary">{translate('app.sessions.detail.position', { position, total })}</Typography>
      <Button size="small" endIcon={<ChevronRightIcon />} disabled={!next} {...(next ? { component: Link, to: detailPath(next) } : {})}>
        {translate('app.sessions.detail.next')}
      </Button>
    </Box>
  );
};
