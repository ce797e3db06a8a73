import { format } from 'date-fns';
import { useTranslate } from 'react-admin';
import { useDateLocale } from '@/i18n/dateFormat';
import { LABELLED_FILTERS, labelledFilter, readableKey, type SessionFilter, type SessionFilterValues } from './sessionFilters';
import { useLandmineNames, useRepName, useRepText } from './useFilterNames';

export interface FilterChip {
  id: string;
  text: string;
  removes: SessionFilter[];
}

/** A UTC day (YYYY-MM-DD) as the language writes a date; the day itself, whatever the browser's time zone. */
const dayText = (day: string, locale: ReturnType<typeof useDateLocale>) => {
  const [year, month, date] = day.split('-').map(Number);
  return format(new Date(year, month - 1, date), 'PP', { locale });
};

/** One chip per filter beyond status and search: a rep by name (address second), a landmine by its trigger. */
export const useSessionChips = (filter: SessionFilterValues): FilterChip[] => {
  const translate = useTranslate();
  const locale = useDateLocale();
  const repName = useRepName(filter.rep);
  const repText = useRepText();
  const named = labelledFilter(filter);
  const landmineNames = useLandmineNames(Boolean(filter.landmine) && !(named === 'landmine' && filter.label));
  const nameOf = (name: (typeof LABELLED_FILTERS)[number], key: string) =>
    name === named && filter.label ? filter.label : (name === 'landmine' && landmineNames.get(key)) || readableKey(key);
  const chips: FilterChip[] = [];
  if (filter.rep)
    chips.push({
      id: 'rep',
      text: translate('app.sessions.insightFilters.rep', { value: repText(filter.rep, repName) }),
      removes: ['rep'],
    });
  for (const name of LABELLED_FILTERS) {
    const key = filter[name];
    if (key)
      chips.push({ id: name, text: translate(`app.sessions.insightFilters.${name}`, { value: nameOf(name, key) }), removes: [name] });
  }
  if (filter.hasLandmine)
    chips.push({ id: 'hasLandmine', text: translate('app.sessions.insightFilters.hasLandmine'), removes: ['hasLandmine'] });
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
