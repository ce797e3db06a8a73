import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { SessionStatus } from './sessionTypes';

/** spec 4: completed green, in progress yellow, failed red; the text says it too. */
export const STATUS_COLORS: Record<SessionStatus, { bg: string; fg: string }> = {
  completed: { bg: '#2e7d32', fg: '#ffffff' },
  in_progress: { bg: '#fbc02d', fg: '#1f1f1f' },
  failed: { bg: '#d32f2f', fg: '#ffffff' },
};

export const SessionStatusBadge = ({ status }: { status: SessionStatus }) => {
  const translate = useTranslate();
  const colors = STATUS_COLORS[status] ?? { bg: '#9e9e9e', fg: '#ffffff' };
  return (
    <Chip
      size="small"
      data-status={status}
      label={translate(`app.sessions.status.${status}`, { _: status })}
      sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 500 }}
    />
  );
};
