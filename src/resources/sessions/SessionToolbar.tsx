import type { Ref } from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type SavedQuery, useListContext, useTranslate } from 'react-admin';
import { ExportCsvButton } from '@/resources/generic/ExportCsvButton';
import { exportColumnsOf } from '@/resources/generic/fromDeclaration';
import { ColumnChooser } from '@/shared/ColumnChooser';
import { SavedQueries } from '@/shared/SavedQueries';
import { SESSION_FIELDS } from './sessionFields';
import { isSessionFilter } from './sessionFilters';
import { SESSION_COLUMNS } from './SessionTable';
import { SESSION_STATUSES, type SessionStatus } from './sessionTypes';

interface SessionToolbarProps {
  /** The search box's text and its setter (useListSearch): the list also filters its loaded page by it (spec 5). */
  search: readonly [string, (text: string) => void];
  /** The search box's input, for the focus to go to. */
  searchRef?: Ref<HTMLInputElement>;
}

const isStatus = (value: unknown): value is SessionStatus => SESSION_STATUSES.includes(value as SessionStatus);

/**
 * A saved query this list can apply: the filters its address carries (a text search, a status the
 * toolbar offers, the insight filters its chips show), each a value the server takes, nothing else.
 */
const canApply = ({ filter }: SavedQuery['value']) => isSessionFilter(filter ?? {});

/** spec 2: text search (client-side at once, server-side once settled), status filter, Refresh. */
export const SessionToolbar = ({ search: [search, setSearch], searchRef }: SessionToolbarProps) => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters, refetch } = useListContext();
  const status = isStatus(filterValues.status) ? filterValues.status : 'all';
  const changeStatus = (next: string) => {
    const { status: _status, ...rest } = filterValues;
    setFilters(isStatus(next) ? { ...rest, status: next } : rest, displayedFilters);
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        size="small"
        sx={{ flex: 1 }}
        type="search"
        label={translate('app.sessions.searchLabel')}
        placeholder={translate('app.sessions.search')}
        value={search}
        inputRef={searchRef}
        onChange={(event) => setSearch(event.target.value)}
      />
      <TextField
        select
        size="small"
        sx={{ minWidth: 160 }}
        label={translate('app.sessions.filters.status')}
        value={status}
        onChange={(event) => changeStatus(event.target.value)}
      >
        <MenuItem value="all">{translate('app.sessions.filters.all')}</MenuItem>
        {SESSION_STATUSES.map((option) => (
          <MenuItem key={option} value={option}>
            {translate(`app.sessions.status.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button startIcon={<RefreshIcon />} onClick={() => void refetch()}>
        {translate('app.sessions.refresh')}
      </Button>
      <ExportCsvButton resource="sessions" filter={filterValues} columns={exportColumnsOf(SESSION_FIELDS)} />
      <SavedQueries accept={canApply} />
      <ColumnChooser spec={SESSION_COLUMNS} />
    </Stack>
  );
};
