import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { LandmineHit } from '@/resources/sessions/sessionTypes';

/** A landmine's trigger and category, what must not be said and why, and what to say instead (text, never HTML). */
export const LandmineNote = ({ hit, color }: { hit: LandmineHit; color: string }) => {
  const translate = useTranslate();
  const cannot = hit.cannotSay[0];
  const can = hit.canSay[0];
  return (
    <Box sx={{ mt: 0.75, pl: 1.5, borderLeft: 3, borderLeftColor: color }}>
      <Typography variant="body2" sx={{ fontWeight: 600, color }}>
        {translate('app.sessions.landmine.label', { trigger: hit.trigger })}
      </Typography>
      {hit.category === null ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.sessions.landmine.unknown')}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.sessions.landmine.category', { category: hit.category })}
        </Typography>
      )}
      {cannot && (
        <Typography variant="body2">
          {translate('app.sessions.landmine.cannotSay', { point: cannot.point })}
          {cannot.reason ? ` ${translate('app.sessions.landmine.reason', { reason: cannot.reason })}` : ''}
        </Typography>
      )}
      {can && <Typography variant="body2">{translate('app.sessions.landmine.canSay', { point: can.point })}</Typography>}
    </Box>
  );
};
