import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { PATHS } from '@/shared/paths';

/** spec 2: placeholder until transcripts are specified. */
export const TranscriptsPage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Paper sx={{ p: 4 }}>
        <Typography component="h2" variant="h4" gutterBottom>
          {translate('app.transcripts.title')}
        </Typography>
        <Typography color="text.secondary">{translate('app.transcripts.note')}</Typography>
      </Paper>
    </Box>
  );
};

TranscriptsPage.path = PATHS.transcripts;
