import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { MatchSpeaker } from '@/contract/dictionaryMatch';
import { translatedErrorText } from '@/dataProvider/errorText';
import { useDictionaryMatch, usePercent } from '@/resources/dictionary';

interface TryPhraseAtThresholdProps {
  speaker: MatchSpeaker;
  /** The threshold tried, sent with the phrase: the server decides at it, and saves nothing. */
  threshold: number;
  valid: boolean;
}

/** A phrase typed on Settings, answered at the threshold being tried before it is saved. */
export const TryPhraseAtThreshold = ({ speaker, threshold, valid }: TryPhraseAtThresholdProps) => {
  const translate = useTranslate();
  const percent = usePercent();
  const [text, setText] = useState('');
  const tried = speaker === 'customer' ? { threshold } : { landmineThreshold: threshold };
  const { data, error, isError, typing, isFetching } = useDictionaryMatch(valid ? text : '', { speaker, tried });
  const side = (data?.matches ?? []).filter((match) => (speaker === 'salesperson') === (match.type === 'landmine'));
  const fired = side.find((match) => match.wouldFire);
  const closest = side[0];
  const answer = () => {
    if (!text.trim() || typing || (isFetching && !data)) return null;
    if (isError) return translatedErrorText(error, 'app.dictionary.phraseTester.failed', translate);
    const values = { percent: percent(threshold) };
    if (fired) return translate('app.matching.tryPhrase.fires', { ...values, item: fired.question, score: percent(fired.score) });
    if (closest) return translate('app.matching.tryPhrase.silent', { ...values, item: closest.question, score: percent(closest.score) });
    return translate('app.matching.tryPhrase.nothingClose', values);
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        size="small"
        label={translate(`app.matching.tryPhrase.label.${speaker}`)}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Typography variant="body2" role="status" data-testid={`try-phrase-${speaker}`}>
        {answer()}
      </Typography>
    </Box>
  );
};
