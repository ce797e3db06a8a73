import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { INSIGHT_PERIODS, INSIGHT_RANGE_MAX_DAYS, INSIGHT_STATUSES, type InsightStatus, insightDaySchema } from '@/contract/insights';
import { useDebouncedValue } from '@/shared/useDebouncedValue';
import { type InsightsFilters, rangeOfFilters, utcDay } from './insightsFilters';
import { useInsightFilterOptions } from './useInsights';

const CUSTOM = 'custom';
const ALL = '';
/** A select whose empty value means "all" shows that choice's name, its label above it. */
const ALL_SHOWN = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
const DAY_MS = 86_400_000;

/** Why a typed range cannot be asked for (an i18n key), or null when it can. */
const rangeProblem = (from: string, to: string): string | null => {
  if (!insightDaySchema.safeParse(from).success || !insightDaySchema.safeParse(to).success) return 'app.insights.filters.rangeIncomplete';
  if (from > to) return 'app.insights.filters.rangeOrder';
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > INSIGHT_RANGE_MAX_DAYS) return 'app.insights.filters.rangeTooLong';
  return null;
};

interface RangeProps {
  from: string;
  to: string;
  firstDay: string | null;
  onRange: (from: string, to: string) => void;
}

/**
 * The custom range's two days. A day being typed passes through dates nobody means (the year's
 * digits one by one), so the range is asked for once the typing pauses, and only when the API
 * would take it; until then the fields say what is wrong.
 */
const CustomRange = ({ from: initialFrom, to: initialTo, firstDay, onRange }: RangeProps) => {
  const translate = useTranslate();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const problem = rangeProblem(from, to);
  const settled = useDebouncedValue(problem === null ? `${from}/${to}` : null);
  const latestOnRange = useRef(onRange);
  latestOnRange.current = onRange;
  useEffect(() => {
    if (settled === null || settled === `${initialFrom}/${initialTo}`) return;
    const [nextFrom, nextTo] = settled.split('/');
    latestOnRange.current(nextFrom, nextTo);
  }, [settled, initialFrom, initialTo]);
  const bounds = { min: firstDay ?? undefined, max: utcDay(Date.now()) };
  return (
    <>
      <TextField
        type="date"
        size="small"
        label={translate('app.insights.filters.from')}
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        error={problem !== null}
        helperText={problem ? translate(problem, { max: INSIGHT_RANGE_MAX_DAYS }) : ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: bounds }}
      />
      <TextField
        type="date"
        size="small"
        label={translate('app.insights.filters.to')}
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={problem !== null}
        helperText=" "
        slotProps={{ inputLabel: { shrink: true }, htmlInput: bounds }}
      />
    </>
  );
};

interface InsightsFiltersBarProps {
  filters: InsightsFilters;
  onChange: (filters: InsightsFilters) => void;
}

/** The filters of the whole page: the period (or a custom range), one rep or all, and the calls' status. */
export const InsightsFiltersBar = ({ filters, onChange }: InsightsFiltersBarProps) => {
  const translate = useTranslate();
  const options = useInsightFilterOptions();
  const reps = options.data?.reps ?? [];
  // a rep from a shared link stays selectable while the list loads, or when it has no finished call
  const repOptions = filters.rep && !reps.includes(filters.rep) ? [filters.rep, ...reps] : reps;
  const others = { rep: filters.rep, status: filters.status };
  const range = rangeOfFilters(filters);

  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={translate('app.insights.filters.label')}
      sx={{ p: 2, pb: 0, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <TextField
        select
        size="small"
        label={translate('app.insights.filters.period')}
        value={filters.period}
        onChange={(event) => {
          const period = event.target.value;
          if (period === CUSTOM) onChange({ period: CUSTOM, ...range, ...others });
          else onChange({ period: period as (typeof INSIGHT_PERIODS)[number], ...others });
        }}
        helperText=" "
        sx={{ minWidth: 180 }}
      >
        {INSIGHT_PERIODS.map((period) => (
          <MenuItem key={period} value={period}>
            {translate(`app.insights.filters.periods.${period}`)}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM}>{translate('app.insights.filters.periods.custom')}</MenuItem>
      </TextField>
      {filters.period === CUSTOM && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <CustomRange
            key={`${range.from}/${range.to}`}
            from={range.from}
            to={range.to}
            firstDay={options.data?.firstDay ?? null}
            onRange={(from, to) => onChange({ period: CUSTOM, from, to, ...others })}
          />
        </Box>
      )}
      <TextField
        select
        size="small"
        label={translate('app.insights.filters.rep')}
        value={filters.rep ?? ALL}
        onChange={(event) => onChange({ ...filters, rep: event.target.value || undefined })}
        error={options.isError}
        helperText={options.isError ? translate('app.insights.filters.repsFailed') : ' '}
        slotProps={ALL_SHOWN}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value={ALL}>{translate('app.insights.filters.allReps')}</MenuItem>
        {repOptions.map((rep) => (
          <MenuItem key={rep} value={rep}>
            {rep}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('app.insights.filters.status')}
        value={filters.status ?? ALL}
        onChange={(event) => onChange({ ...filters, status: (event.target.value || undefined) as InsightStatus | undefined })}
        helperText=" "
        slotProps={ALL_SHOWN}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value={ALL}>{translate('app.insights.filters.allStatuses')}</MenuItem>
        {INSIGHT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {translate(`app.insights.filters.statuses.${status}`)}
          </MenuItem>
        ))}
      </TextField>
    </Paper>
  );
};
