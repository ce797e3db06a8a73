import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/**
 * Marks a placeholder the spec keeps (the Quick Actions, the AI Assistant and System
 * Configuration cards, spec 2) as not yet available, so it does not pass for a working control.
 * `id` names the note, for the controls' aria-describedby.
 */
export const NotYetAvailable = ({ id, noteKey }: { id: string; noteKey: string }) => {
  const translate = useTranslate();
  return (
    <>
      <Chip size="small" variant="outlined" label={translate('app.dashboard.notYetAvailable')} sx={{ ml: 1, verticalAlign: 'middle' }} />
      <Typography id={id} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate(noteKey)}
      </Typography>
    </>
  );
};
