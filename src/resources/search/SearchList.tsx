import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ListBase, type RaRecord, useListContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { TranscriptMatch } from '@/contract/transcriptSearch';
import { useDateLocale } from '@/i18n/dateFormat';
import { ExportCsvButton } from '@/resources/generic/ExportCsvButton';
import { exportColumnsOf } from '@/resources/generic/fromDeclaration';
import { formatOffset, formatStartTime } from '@/resources/sessions/formatDuration';
import { SESSION_STATUSES, SPEAKERS } from '@/resources/sessions/sessionTypes';
import { ListPagination } from '@/shared/ListPagination';
import { PATHS } from '@/shared/paths';
import { useDebouncedValue } from '@/shared/useDebouncedValue';
import { SEARCH_FIELDS, SEARCH_RESOURCE, SEARCH_SORT } from './searchFields';
import { SnippetText } from './SnippetText';

const PAGE_SIZES = [25, 50, 100] as const;
/** The CSV holds the whole sentence; the snippet's marks are for the screen. */
const withoutSnippet = (rows: RaRecord[]): RaRecord[] => rows.map(({ snippet: _snippet, ...row }) => row as RaRecord);

/** The call's page at the moment it was said: the timeline opens there, that row highlighted. */
export const momentPath = (match: TranscriptMatch) =>
  `${PATHS.sessions}/${encodeURIComponent(match.sessionId)}?${new URLSearchParams({
    tab: 'timeline',
    t: match.timestamp,
    ...(match.kind === 'transcript' ? { k: 'transcript' } : {}),
  })}`;

const SearchFilters = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [words, setWords] = useState<string>(filterValues.q ?? '');
  const settled = useDebouncedValue(words, 300);
  // react-admin applies setFilters after its own debounce, so filterValues lags behind a change still pending: each
  // change merges into the filters as last set here, or a filter picked meanwhile would be replaced and lost.
  const latest = useRef({ seen: JSON.stringify(filterValues), filters: filterValues as Record<string, unknown> });
  const shown = JSON.stringify(filterValues);
  if (shown !== latest.current.seen) latest.current = { seen: shown, filters: filterValues };
  const set = (name: string, value: string) => {
    const { [name]: _old, ...rest } = latest.current.filters;
    latest.current.filters = value ? { ...rest, [name]: value } : rest;
    setFilters(latest.current.filters);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the typed words settle
  useEffect(() => {
    if ((filterValues.q ?? '') !== settled.trim()) set('q', settled.trim());
  }, [settled]);
  const select = (name: string, label: string, options: readonly string[], optionLabel: (option: string) => string) => (
    <TextField
      select
      size="small"
      sx={{ minWidth: 150 }}
      label={label}
      value={filterValues[name] ?? ''}
      onChange={(e) => set(name, e.target.value)}
    >
      <MenuItem value="">{translate('app.search.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <TextField
        type="search"
        label={translate('app.search.query')}
        helperText={translate('app.search.queryHint')}
        value={words}
        onChange={(event) => setWords(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {(['startTime_gte', 'startTime_lte'] as const).map((name) => (
          <TextField
            key={name}
            type="date"
            size="small"
            label={translate(name === 'startTime_gte' ? 'app.search.from' : 'app.search.to')}
            value={filterValues[name] ?? ''}
            onChange={(event) => set(name, event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
        <TextField
          size="small"
          label={translate('app.search.rep')}
          value={filterValues.rep ?? ''}
          onChange={(event) => set('rep', event.target.value)}
        />
        {select('status', translate('app.search.status'), SESSION_STATUSES, (status) => translate(`app.sessions.status.${status}`))}
        {select('speaker', translate('app.search.speaker'), SPEAKERS, (speaker) => translate(`app.sessions.speakers.${speaker}`))}
        <ExportCsvButton
          resource={SEARCH_RESOURCE}
          filter={filterValues}
          sort={SEARCH_SORT}
          columns={exportColumnsOf(SEARCH_FIELDS)}
          select={withoutSnippet}
          disabled={!filterValues.q}
        />
      </Box>
    </Stack>
  );
};

const SearchResult = ({ match }: { match: TranscriptMatch }) => {
  const translate = useTranslate();
  const locale = useDateLocale();
  const offset = formatOffset(Math.max(0, (Date.parse(match.timestamp) - Date.parse(match.startTime)) / 1000));
  const who = match.speaker ? translate(`app.sessions.speakers.${match.speaker}`) : translate('app.search.question');
  return (
    <Box component="li" sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}>
      <Link component={RouterLink} to={momentPath(match)} underline="none" color="inherit" sx={{ display: 'block', px: 2, py: 1.25 }}>
        <Typography variant="body2" component="span" sx={{ display: 'block' }}>
          <SnippetText snippet={match.snippet} />
        </Typography>
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block', mt: 0.5 }}>
          {`${who} · ${translate('app.search.at', { offset })} · ${match.sessionName} · ${match.userEmail} · ${formatStartTime(match.startTime, locale)}`}
        </Typography>
      </Link>
    </Box>
  );
};

const SearchScreen = () => {
  const translate = useTranslate();
  const { data, isFetching, error, filterValues } = useListContext<TranscriptMatch & { id: string }>();
  const searching = Boolean(filterValues.q);
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.search.intro')}
      </Typography>
      <SearchFilters />
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={translate('app.search.loading')} />}</Box>
      {error ? <Alert severity="error">{translate('app.search.error')}</Alert> : null}
      <Paper variant="outlined">
        {!searching ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {translate('app.search.empty')}
          </Typography>
        ) : data && data.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }} role="status">
            {translate('app.search.none')}
          </Typography>
        ) : (
          <Box component="ul" aria-label={translate('app.search.results')} sx={{ m: 0, p: 0 }}>
            {(data ?? []).map((match) => (
              <SearchResult key={match.id} match={match} />
            ))}
          </Box>
        )}
        {searching && <ListPagination rowsPerPageOptions={PAGE_SIZES} rangeKey="app.search.range" loadingKey="app.search.loading" />}
      </Paper>
    </Box>
  );
};

/** /search: one search over what was said in every call; a result opens its call at that moment. */
export const SearchList = () => (
  <ListBase resource={SEARCH_RESOURCE} perPage={PAGE_SIZES[0]} sort={SEARCH_SORT}>
    <SearchScreen />
  </ListBase>
);
