import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatOffset } from '@/resources/sessions/formatDuration';
import type { SentimentEntry } from '@/resources/sessions/sessionTypes';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';
import { useGrowingCount } from '@/shared/useGrowingCount';
import { textOn, useChartTheme } from './chartColors';
import type { OpenMoment } from './momentTypes';
import { SpeakerAvatar } from './SpeakerAvatar';
import { toMillis } from './timeline';

const PAGE = 100;
/** Rows rendered per task while a page fills (src/shared/useGrowingCount.ts). */
const STEP = 25;

/** The sentiment entries (confidence with 0 decimals, spec 9); each opens the Timeline there. */
export const SentimentEntries = ({
  entries,
  start,
  onOpenMoment,
}: {
  entries: SentimentEntry[];
  start: number;
  onOpenMoment: OpenMoment;
}) => {
  const translate = useTranslate();
  const format = useSessionFormat();
  const { emotion } = useChartTheme();
  const [shown, setShown] = useState(PAGE);
  const rendered = useGrowingCount(Math.min(shown, entries.length), STEP);
  return (
    <Box>
      <List dense aria-label={translate('app.sessions.sentiment.entries')}>
        {entries.slice(0, rendered).map((entry, index) => {
          const speaker = translate(`app.sessions.speakers.${entry.speaker}`, { _: entry.speaker });
          const color = emotion(entry.dominant_emotion);
          return (
            // each entry in its own <li>: a list holds list items only
            <ListItem key={index} disablePadding>
              <ListItemButton onClick={() => onOpenMoment(entry.timestamp, 'transcript')} sx={{ gap: 1.5, alignItems: 'flex-start' }}>
                <SpeakerAvatar speaker={entry.speaker} />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="subtitle2" component="span">
                      {speaker}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatOffset((toMillis(entry.timestamp) - start) / 1000)}
                    </Typography>
                    <Chip
                      size="small"
                      label={translate(`app.sessions.emotions.${entry.dominant_emotion}`, { _: entry.dominant_emotion })}
                      sx={{ bgcolor: color, color: textOn(color) }}
                    />
                    <Typography variant="caption">{format.confidence(entry.confidence, 0)}</Typography>
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {entry.transcript}
                  </Typography>
                </Box>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {entries.length > shown && (
        <Button onClick={() => setShown((count) => count + PAGE)}>
          {translate('app.sessions.showMore', { count: format.number(Math.min(PAGE, entries.length - shown)) })}
        </Button>
      )}
    </Box>
  );
};
