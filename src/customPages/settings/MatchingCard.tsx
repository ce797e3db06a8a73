import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { errorText } from '@/dataProvider/errorText';
import { useMatchingSettings } from '@/resources/dictionaryItems/useDictionaryMatch';
import { MatchingPanel } from './MatchingPanel';

/**
 * The "Phrase matching" card (GET/PUT /api/dictionary/matching, POST .../calibrate): the
 * embedding model, the threshold in force and where it comes from, and another threshold to
 * try with its effect on the dictionary before saving it. Loading, then the settings or the
 * failure with Retry; never an empty stand-in.
 */
export const MatchingCard = () => {
  const translate = useTranslate();
  const { data, isPending, isError, error, refetch, isFetching } = useMatchingSettings();
  // a refresh failed after the settings loaded once: what is shown may be out of date
  const stale = isError && data !== undefined;
  const loadError = errorText(error, 'app.matching.loadFailed');

  return (
    <Card component="section" aria-labelledby="matching-card-title">
      <CardContent>
        <Typography id="matching-card-title" component="h2" variant="h6" gutterBottom>
          {translate('app.matching.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.matching.description')}
        </Typography>
        {isPending && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} />
            <Typography>{translate('app.matching.loading')}</Typography>
          </Box>
        )}
        {isError && (
          <Alert
            severity={stale ? 'warning' : 'error'}
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
                {translate('app.matching.retry')}
              </Button>
            }
          >
            {translate(loadError, { _: loadError })}
            {stale && <div>{translate('app.matching.stale')}</div>}
          </Alert>
        )}
        {data && <MatchingPanel settings={data} stale={stale} onReload={refetch} />}
      </CardContent>
    </Card>
  );
};
