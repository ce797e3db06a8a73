import CheckIcon from '@mui/icons-material/Check';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { SPEAKERS } from '@/resources/sessions/sessionTypes';
import { ALL_KINDS, LANDMINES_ONLY, TIMELINE_KINDS, type TimelineFilter } from './timeline';

interface TimelineToolbarProps {
  filter: TimelineFilter;
  onFilterChange: (filter: TimelineFilter) => void;
  query: string;
  onQueryChange: (query: string) => void;
  matchCount: number;
  /** Index of the current match, -1 when none. */
  current: number;
  onStep: (step: 1 | -1) => void;
}

/** A shown kind is filled with the primary colour; a hidden one is outlined, its label muted and struck through. */
const KIND_BUTTON_SX = {
  textTransform: 'none',
  py: 0.25,
  color: 'text.secondary',
  textDecoration: 'line-through',
  '&.Mui-selected': {
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    textDecoration: 'none',
  },
  '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
} as const;

/** Filter by kind and speaker; search the transcript, with the match count and next/previous. */
export const TimelineToolbar = ({ filter, onFilterChange, query, onQueryChange, matchCount, current, onStep }: TimelineToolbarProps) => {
  const translate = useTranslate();
  const landminesOnly = filter.kinds.length === 1 && filter.kinds[0] === 'landmine';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
      <ToggleButtonGroup
        size="small"
        value={filter.kinds}
        aria-label={translate('app.sessions.timeline.kindFilter')}
        onChange={(_event, kinds: TimelineFilter['kinds']) => onFilterChange({ ...filter, kinds })}
      >
        {TIMELINE_KINDS.map((kind) => {
          const on = filter.kinds.includes(kind);
          return (
            <ToggleButton key={kind} value={kind} sx={KIND_BUTTON_SX}>
              {/* on and off differ by fill, text colour and a check mark, not by a faint tint */}
              {on && <CheckIcon fontSize="small" sx={{ mr: 0.5, ml: -0.5 }} />}
              {translate(`app.sessions.kinds.${kind}`)}
            </ToggleButton>
          );
        })}
      </ToggleButtonGroup>
      <ToggleButton
        size="small"
        value="landmines-only"
        selected={landminesOnly}
        sx={{ ...KIND_BUTTON_SX, textDecoration: 'none' }}
        onChange={() => onFilterChange(landminesOnly ? ALL_KINDS : LANDMINES_ONLY)}
      >
        {landminesOnly && <CheckIcon fontSize="small" sx={{ mr: 0.5, ml: -0.5 }} />}
        {translate('app.sessions.landmine.only')}
      </ToggleButton>
      <TextField
        select
        size="small"
        sx={{ minWidth: 150 }}
        label={translate('app.sessions.timeline.speakerFilter')}
        value={filter.speaker}
        onChange={(event) => onFilterChange({ ...filter, speaker: event.target.value as TimelineFilter['speaker'] })}
      >
        <MenuItem value="all">{translate('app.sessions.timeline.allSpeakers')}</MenuItem>
        {SPEAKERS.map((speaker) => (
          <MenuItem key={speaker} value={speaker}>
            {translate(`app.sessions.speakers.${speaker}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flex: 1, minWidth: 260 }}>
        <TextField
          size="small"
          type="search"
          sx={{ flex: 1 }}
          label={translate('app.sessions.timeline.search')}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onStep(event.shiftKey ? -1 : 1);
          }}
        />
        <Typography variant="caption" role="status" sx={{ minWidth: 90, textAlign: 'center' }}>
          {query.trim()
            ? matchCount
              ? translate('app.sessions.timeline.matches', { current: current + 1, count: matchCount })
              : translate('app.sessions.timeline.noMatches')
            : ''}
        </Typography>
        <IconButton
          size="small"
          aria-label={translate('app.sessions.timeline.previousMatch')}
          disabled={!matchCount}
          onClick={() => onStep(-1)}
        >
          <KeyboardArrowUpIcon />
        </IconButton>
        <IconButton size="small" aria-label={translate('app.sessions.timeline.nextMatch')} disabled={!matchCount} onClick={() => onStep(1)}>
          <KeyboardArrowDownIcon />
        </IconButton>
      </Box>
    </Box>
  );
};
