import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { MATCH_TEXT_MAX, MATCH_THRESHOLD } from '@/contract/dictionaryMatch';
import { errorText } from '@/dataProvider/errorText';
import { useDictionaryMatch, usePercent } from '@/resources/dictionaryItems/useDictionaryMatch';

/**
 * Issue 16, "Test a phrase": what a customer might say, and the objections, FAQs and landmines
 * it would fire, best first, with their similarity and the threshold the assistant uses
 * (POST /api/dictionary/match, asked once typing pauses). The results are announced politely
 * to screen readers; Escape or the clear button empties the field.
 */
export const PhraseTester = () => {
  const translate = useTranslate();
  const percent = usePercent();
  const [text, setText] = useState('');
  const { data, isFetching, isError, error, settled, typing } = useDictionaryMatch(text);
  const active = settled !== '' && !typing;
  const failed = errorText(error, 'app.dictionary.phraseTester.failed');

  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-labelledby="phrase-tester-title">
      <Typography id="phrase-tester-title" component="h2" variant="subtitle1" gutterBottom>
        {translate('app.dictionary.phraseTester.title')}
      </Typography>
      <TextField
        label={translate('app.dictionary.phraseTester.label')}
        helperText={translate('app.dictionary.phraseTester.helper')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setText('');
        }}
        fullWidth
        slotProps={{
          htmlInput: { maxLength: MATCH_TEXT_MAX },
          input: {
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton aria-label={translate('app.dictionary.phraseTester.clear')} onClick={() => setText('')} edge="end">
                  <ClearIcon />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('app.dictionary.phraseTester.threshold', { percent: percent(data?.threshold ?? MATCH_THRESHOLD) })}
      </Typography>
      <Box aria-live="polite" aria-busy={isFetching || typing}>
        {(typing || isFetching) && settled !== '' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <CircularProgress size={16} />
            <Typography variant="body2">{translate('app.dictionary.phraseTester.loading')}</Typography>
          </Box>
        )}
        {active && isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate(failed, { _: failed })}
          </Alert>
        )}
        {active && !isFetching && data && data.matches.length === 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('app.dictionary.phraseTester.empty')}
          </Typography>
        )}
        {active && data && data.matches.length > 0 && (
          <List dense aria-label={translate('app.dictionary.phraseTester.results')}>
            {data.matches.map((match) => (
              <ListItem key={`${match.type}-${match.id}`} data-testid="phrase-match" disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Chip size="small" label={translate(`app.dictionary.phraseTester.types.${match.type}`)} />
                <ListItemText
                  primary={match.question}
                  secondary={match.viaVariation ? translate('app.dictionary.phraseTester.matched', { text: match.matchedText }) : undefined}
                />
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {percent(match.score)}
                </Typography>
                <Chip
                  size="small"
                  variant={match.wouldFire ? 'filled' : 'outlined'}
                  color={match.wouldFire ? 'success' : 'default'}
                  label={translate(
                    match.wouldFire ? 'app.dictionary.phraseTester.wouldFire' : 'app.dictionary.phraseTester.belowThreshold',
                  )}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Paper>
  );
};
