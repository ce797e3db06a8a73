import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { format } from 'date-fns';
import { useListContext, useTranslate } from 'react-admin';
import { useDateLocale } from '@/i18n/dateFormat';
import {
  INSIGHT_FILTERS,
  LABELLED_FILTERS,
  labelledFilter,
  readableKey,
  type SessionFilter,
  type SessionFilterValues,
  withoutFilters,
} from './sessionFilters';

interface FilterChip {
  id: string;
  text: string;
  removes: SessionFilter[];
}

/** A UTC day (YYYY-MM-DD) as the language writes a date; the day itself, whatever the browser's time zone. */
const dayText = (day: string, locale: ReturnType<typeof useDateLocale>) => {
  const [year, month, date] = day.split('-').map(Number);
  return format(new Date(year, month - 1, date), 'PP', { locale });
};

const useChips = (filter: SessionFilterValues): FilterChip[] => {
  const translate = useTranslate();
  const locale = useDateLocale();
  const named = labelledFilter(filter);
  const nameOf = (name: (typeof LABELLED_FILTERS)[number], key: string) =>
    name === named && filter.label ? filter.label : readableKey(key);
  const chips: FilterChip[] = [];
  if (filter.rep) chips.push({ id: 'rep', text: translate('app.sessions.insightFilters.rep', { value: filter.rep }), removes: ['rep'] });
  for (const name of LABELLED_FILTERS) {
    const key = filter[name];
    if (key)
      chips.push({ id: name, text: translate(`app.sessions.insightFilters.${name}`, { value: nameOf(name, key) }), removes: [name] });
  }
  const from = filter.from && dayText(filter.from, locale);
  const to = filter.to && dayText(filter.to, locale);
  if (from || to) {
    const text =
      from && to
        ? translate('app.sessions.insightFilters.range', { from, to })
        : from
          ? translate('app.sessions.insightFilters.from', { from })
          : translate('app.sessions.insightFilters.to', { to });
    chips.push({ id: 'dates', text, removes: ['from', 'to'] });
  }
  if (filter.finished) chips.push({ id: 'finished', text: translate('app.sessions.insightFilters.finished'), removes: ['finished'] });
  return chips;
};

interface SessionFilterChipsProps {
  /** Where the keyboard focus goes when the last chip is removed (the search box). */
  focusAfterLast: () => void;
}

/**
 * The filters a link from Insights set (rep, item, landmine, competitor, new inquiry, days), one chip each
 * above the table, and Clear all. A chip is one button that removes its filter (click, Enter,
 * Space, Delete or Backspace), named "Remove filter …" after the text it shows; the focus then
 * moves to the chip that takes its place, or to the search box when none is left.
 */
export const SessionFilterChips = ({ focusAfterLast }: SessionFilterChipsProps) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const chips = useChips(filterValues as SessionFilterValues);
  const buttons = useRef(new Map<string, HTMLElement>());
  // The place of the chip just removed, to focus the one that takes it once the filters follow.
  const removedAt = useRef<number | null>(null);
  const ids = chips.map((chip) => chip.id).join(' ');

  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const ordered = ids === '' ? [] : ids.split(' ');
    const next = ordered[Math.min(at, ordered.length - 1)];
    if (next === undefined) focusAfterLast();
    else buttons.current.get(next)?.focus();
  }, [ids, focusAfterLast]);

  if (chips.length === 0) return null;
  const remove = (names: readonly SessionFilter[], at: number) => {
    removedAt.current = at;
    setFilters(withoutFilters(filterValues, names), {});
  };
  return (
    <Stack
      role="group"
      aria-label={translate('app.sessions.insightFilters.label')}
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
    >
      {chips.map((chip, index) => {
        const onRemove = () => remove(chip.removes, index);
        return (
          <Chip
            key={chip.id}
            ref={(element: HTMLDivElement | null) => {
              if (element) buttons.current.set(chip.id, element);
              else buttons.current.delete(chip.id);
            }}
            label={chip.text}
            aria-label={translate('app.sessions.insightFilters.remove', { filter: chip.text })}
            onClick={onRemove}
            onDelete={onRemove}
            sx={{
              maxWidth: '100%',
              '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          />
        );
      })}
      <Button
        size="small"
        onClick={() => {
          removedAt.current = 0;
          setFilters(withoutFilters(filterValues, [...INSIGHT_FILTERS]), {});
        }}
      >
        {translate('app.sessions.insightFilters.clearAll')}
      </Button>
    </Stack>
  );
};
