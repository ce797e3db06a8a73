import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useListContext, useTranslate } from 'react-admin';
import { labelledFilter, readableKey, type SessionFilterValues, withoutFilters } from './sessionFilters';
import { useLandmineNames } from './useFilterNames';

const ALL = 'all';
const ANY = 'any';
const keyValue = (key: string) => `key:${key}`;

/**
 * Calls with any landmine or with one of the dictionary's: the same `landmine` key a link from
 * Insights sets (docs/insights.md "Keys"), so both doors open one filter, kept in the address.
 */
export const SessionLandmineFilter = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const filter = filterValues as SessionFilterValues;
  const [opened, setOpened] = useState(false);
  const names = useLandmineNames(opened || Boolean(filter.landmine));
  const current = filter.landmine ? keyValue(filter.landmine) : filter.hasLandmine ? ANY : ALL;
  const options = [...names].map(([key, trigger]) => ({ value: keyValue(key), text: trigger }));
  // A key the dictionary no longer holds (a deleted landmine, a trigger alone) keeps its own entry.
  if (filter.landmine && !names.has(filter.landmine))
    options.push({
      value: keyValue(filter.landmine),
      text: labelledFilter(filter) === 'landmine' && filter.label ? filter.label : readableKey(filter.landmine),
    });
  const change = (next: string) => {
    const rest = withoutFilters(filterValues, ['landmine', 'hasLandmine']);
    if (next === ANY) setFilters({ ...rest, hasLandmine: 'true' }, displayedFilters);
    else if (next.startsWith('key:')) setFilters({ ...rest, landmine: next.slice(4) }, displayedFilters);
    else setFilters(rest, displayedFilters);
  };
  return (
    <TextField
      select
      size="small"
      sx={{ minWidth: 200, maxWidth: { md: 320 } }}
      label={translate('app.sessions.filters.landmine')}
      value={current}
      onChange={(event) => change(event.target.value)}
      slotProps={{ select: { onOpen: () => setOpened(true) } }}
    >
      <MenuItem value={ALL}>{translate('app.sessions.filters.landmineAll')}</MenuItem>
      <MenuItem value={ANY}>{translate('app.sessions.filters.landmineAny')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.text}
        </MenuItem>
      ))}
    </TextField>
  );
};
