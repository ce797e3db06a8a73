import { useCallback } from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { ExportCsvButton } from '@/resources/generic/ExportCsvButton';
import { ColumnChooser } from '@/shared/ColumnChooser';
import { SavedQueries } from '@/shared/SavedQueries';
import { useDebouncedSearch } from '@/shared/useDebouncedValue';
import { SESSION_COLUMNS } from './SessionTable';
import { SESSION_STATUSES, toListFilter, type SessionFilters } from './sessionTypes';

/** A saved query (search and status) read back from the store, or null when it is not one. */
const parseQuery = (value: unknown): SessionFilters | null => {
  const { search, status } = (value ?? {}) as Partial<Record<keyof SessionFilters, unknown>>;
  const known = status === 'all' || SESSION_STATUSES.includes(status as never);
  return typeof search === 'string' && known ? { search, status: status as SessionFilters['status'] } : null;
};

interface SessionToolbarProps {
  filters: SessionFilters;
  /** The search as typed, for the client-side filter of the loaded page (spec 5). */
  onSearchInput: (search: string) => void;
  onFiltersChange: (patch: Partial<SessionFilters>) => void;
  onRefresh: () => void;
}

/** spec 2: text search (client-side at once, server-side once settled), status filter, Refresh. */
export const SessionToolbar = ({ filters, onSearchInput, onFiltersChange, onRefresh }: SessionToolbarProps) => {
  const translate = useTranslate();
  const commitSearch = useCallback((search: string) => onFiltersChange({ search }), [onFiltersChange]);
  const [search, setSearch] = useDebouncedSearch(filters.search, commitSearch);
  const applyQuery = (query: SessionFilters) => {
    setSearch(query.search);
    onSearchInput(query.search);
    onFiltersChange(query);
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
        onChange={(event) => {
          setSearch(event.target.value);
          onSearchInput(event.target.value);
        }}
      />
      <TextField
        select
        size="small"
        sx={{ minWidth: 160 }}
        label={translate('app.sessions.filters.status')}
        value={filters.status}
        onChange={(event) => onFiltersChange({ status: event.target.value as SessionFilters['status'] })}
      >
        <MenuItem value="all">{translate('app.sessions.filters.all')}</MenuItem>
        {SESSION_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {translate(`app.sessions.status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button startIcon={<RefreshIcon />} onClick={onRefresh}>
        {translate('app.sessions.refresh')}
      </Button>
      <ExportCsvButton resource="sessions" filter={toListFilter(filters)} />
      <SavedQueries list="sessions" current={{ search, status: filters.status }} parse={parseQuery} onApply={applyQuery} />
      <ColumnChooser spec={SESSION_COLUMNS} />
    </Stack>
  );
};
