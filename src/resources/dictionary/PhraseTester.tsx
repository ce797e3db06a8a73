import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { useDataProvider, useTranslate } from 'react-admin';
import { type DictionaryMatch, MATCH_SPEAKERS, MATCH_TEXT_MAX, type MatchSpeaker, type MatchType } from '@/contract/dictionaryMatch';
import type { ThresholdSource } from '@/contract/matching';
import { translatedErrorText } from '@/dataProvider/errorText';
import type { PortalDataProvider } from '@/dataProvider/types';
import { usePageBanner } from '@/shared/PageBanner';
import { PATHS } from '@/shared/paths';
import { useCalibrationDate, useDictionaryMatch, useMatchingSettings, usePercent } from './items/useDictionaryMatch';
import type { Landmine } from './items/dictionaryTypes';
import { VariationDialog } from './items/VariationDialog';
import { LandmineDialog } from './landmines/LandmineDialog';
import { useLandmineVerdictText, useVerdictText } from './phraseVerdicts';

interface Rule {
  threshold: number;
  source: ThresholdSource;
  calibratedAt: string | null;
  model: string;
}

/** "Test a phrase" (docs/features.md), as the customer or the salesperson says it; results and verdict are announced politely to screen readers. */
export const PhraseTester = () => {
  const translate = useTranslate();
  const percent = usePercent();
  const [text, setText] = useState('');
  const [speaker, setSpeaker] = useState<MatchSpeaker>('customer');
  const [addTo, setAddTo] = useState<DictionaryMatch | null>(null);
  const [mine, setMine] = useState<Landmine | null>(null);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const banner = usePageBanner();
  // spec 7 has no GET of one landmine: the list's row is what its edit starts from, the phrase added to its trigger variations.
  const addToLandmine = async (match: DictionaryMatch) => {
    try {
      const { data: rows } = await dataProvider.getList<Landmine>('landmines', {
        pagination: { page: 1, perPage: 1_000 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: {},
      });
      const found = rows.find((row) => String(row.id) === match.id);
      if (found) setMine({ ...found, triggerVariations: [...found.triggerVariations.filter((text) => text.trim() !== ''), settled] });
    } catch (failure) {
      banner.error(translatedErrorText(failure, 'app.dictionary.errors.saveLandmine', translate));
    }
  };
  const speakerLabelId = useId();
  const { data, isFetching, isError, error, settled, typing } = useDictionaryMatch(text, { speaker });
  const rep = speaker === 'salesperson';
  const active = settled !== '' && !typing;
  const failed = translatedErrorText(error, 'app.dictionary.phraseTester.failed', translate);
  const calibrationDate = useCalibrationDate();
  const verdictText = useVerdictText();
  const landmineVerdictText = useLandmineVerdictText();
  // The rule the answer shown was computed with; before any answer, the one in force now.
  const { data: matching } = useMatchingSettings();
  const rule: Rule | null =
    active && data
      ? rep
        ? { threshold: data.landmineThreshold, source: data.landmineThresholdSource, calibratedAt: data.calibratedAt, model: data.model }
        : { threshold: data.threshold, source: data.thresholdSource, calibratedAt: data.calibratedAt, model: data.model }
      : matching
        ? { ...matching, ...(rep ? { threshold: matching.landmineThreshold, source: matching.landmineSource } : {}) }
        : null;
  const ruleText = () => {
    if (!rule) return null;
    const values = { percent: percent(rule.threshold), model: rule.model };
    const key = rep ? 'landmineThreshold' : 'threshold';
    if (rule.source !== 'calibrated') return translate(`app.dictionary.phraseTester.${key}.${rule.source}`, values);
    return rule.calibratedAt
      ? translate(`app.dictionary.phraseTester.${key}.calibrated`, { ...values, date: calibrationDate(rule.calibratedAt) })
      : translate(`app.dictionary.phraseTester.${key}.calibratedUndated`, values);
  };
  const nothingToCompare = !rep && data?.verdict.outcome === 'nothingToCompare';
  const verdict = active && !isFetching && data ? (rep ? landmineVerdictText(data) : verdictText(data)) : null;
  const thresholdOf = (type: MatchType) => (data ? (type === 'landmine' ? data.landmineThreshold : data.threshold) : 0);

  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-labelledby="phrase-tester-title">
      <Typography id="phrase-tester-title" component="h2" variant="subtitle1" gutterBottom>
        {translate('app.dictionary.phraseTester.title')}
      </Typography>
      <FormControl sx={{ mb: 1 }}>
        <FormLabel id={speakerLabelId}>{translate('app.dictionary.phraseTester.speaker.label')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={speakerLabelId}
          value={speaker}
          onChange={(event) => setSpeaker(event.target.value as MatchSpeaker)}
        >
          {MATCH_SPEAKERS.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={translate(`app.dictionary.phraseTester.speaker.${value}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        label={translate(rep ? 'app.dictionary.phraseTester.repLabel' : 'app.dictionary.phraseTester.label')}
        helperText={translate(rep ? 'app.dictionary.phraseTester.repHelper' : 'app.dictionary.phraseTester.helper')}
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
      {rule && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="phrase-rule">
          {ruleText()}
        </Typography>
      )}
      <Box aria-live="polite" aria-busy={isFetching || typing}>
        {(typing || isFetching) && settled !== '' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <CircularProgress size={16} />
            <Typography variant="body2">{translate('app.dictionary.phraseTester.loading')}</Typography>
          </Box>
        )}
        {active && isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failed}
          </Alert>
        )}
        {active && !isFetching && data && data.matches.length === 0 && !nothingToCompare && (
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
                    match.wouldFire
                      ? 'app.dictionary.phraseTester.wouldFire'
                      : match.score < thresholdOf(match.type)
                        ? 'app.dictionary.phraseTester.belowThreshold'
                        : 'app.dictionary.phraseTester.wouldNotFire',
                  )}
                />
                <Button
                  size="small"
                  aria-label={translate('app.dictionary.phraseTester.addAsVariationOf', { question: match.question })}
                  onClick={() => (match.type === 'landmine' ? void addToLandmine(match) : setAddTo(match))}
                >
                  {translate('app.dictionary.phraseTester.addAsVariation')}
                </Button>
              </ListItem>
            ))}
          </List>
        )}
        {active && data && (data.battlecards ?? []).length > 0 && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2">{translate('app.dictionary.phraseTester.battlecards')}</Typography>
            <List dense aria-label={translate('app.dictionary.phraseTester.battlecards')}>
              {data.battlecards.map((card) => (
                <ListItem key={card.id} disableGutters>
                  <Link component={RouterLink} to={`${PATHS.battlecards}/${encodeURIComponent(card.id)}/show`}>
                    {card.name}
                  </Link>
                  {card.matchedName !== card.name && (
                    <Typography variant="body2" component="span" sx={{ ml: 1 }}>
                      {translate('app.dictionary.phraseTester.namedAs', { name: card.matchedName })}
                    </Typography>
                  )}
                </ListItem>
              ))}
            </List>
          </Box>
        )}
        {verdict && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="phrase-verdict">
            {verdict}
          </Typography>
        )}
      </Box>
      {addTo && addTo.type !== 'landmine' && (
        <VariationDialog
          resource={addTo.type === 'objection' ? 'objections' : 'faqs'}
          parent={{ id: addTo.id, question: addTo.question }}
          initialQuestion={settled}
          onClose={() => setAddTo(null)}
        />
      )}
      {mine && <LandmineDialog landmine={mine} onClose={() => setMine(null)} />}
    </Paper>
  );
};
