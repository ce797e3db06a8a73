import { useCallback } from 'react';
import AddIcon from '@mui/icons-material/Add';
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
import { USER_COLUMNS } from './UserTable';
import { toListFilter, type UserFilters } from './userTypes';

const ROLES = ['all', 'admin', 'user'] as const;
const STATUSES = ['all', 'active', 'inactive', 'deleted'] as const;

/** A saved query (search, role, status) read back from the store, or null when it is not one. */
const parseQuery = (value: unknown): UserFilters | null => {
  const { search, role, status } = (value ?? {}) as Partial<Record<keyof UserFilters, unknown>>;
  const known = ROLES.includes(role as never) && STATUSES.includes(status as never);
  return typeof search === 'string' && known ? ({ search, role, status } as UserFilters) : null;
};

interface UserToolbarProps {
  filters: UserFilters;
  onFiltersChange: (patch: Partial<UserFilters>) => void;
  onRefresh: () => void;
  onAdd: () => void;
}

/** spec 2: search (debounced), Role and Status filters, Refresh, Export and Add User. */
export const UserToolbar = ({ filters, onFiltersChange, onRefresh, onAdd }: UserToolbarProps) => {
  const translate = useTranslate();
  const commitSearch = useCallback((search: string) => onFiltersChange({ search }), [onFiltersChange]);
  const [search, setSearch] = useDebouncedSearch(filters.search, commitSearch);
  const applyQuery = (query: UserFilters) => {
    setSearch(query.search);
    onFiltersChange(query);
  };

  const select = (name: 'role' | 'status', options: readonly string[]) => (
    <TextField
      select
      size="small"
      sx={{ minWidth: 140 }}
      label={translate(`app.users.filters.${name}`)}
      value={filters[name]}
      onChange={(event) => onFiltersChange({ [name]: event.target.value })}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {translate(`app.users.filters.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
      <TextField
        size="small"
        // wide enough for its placeholder in every language; the buttons wrap instead
        sx={{ flex: 1, minWidth: 240 }}
        type="search"
        label={translate('app.users.searchLabel')}
        placeholder={translate('app.users.search')}
        slotProps={{ inputLabel: { shrink: true } }}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {select('role', ROLES)}
      {select('status', STATUSES)}
      <Button startIcon={<RefreshIcon />} onClick={onRefresh}>
        {translate('app.users.refresh')}
      </Button>
      <ExportCsvButton resource="users" filter={toListFilter(filters)} />
      <SavedQueries list="users" current={{ ...filters, search }} parse={parseQuery} onApply={applyQuery} />
      <ColumnChooser spec={USER_COLUMNS} />
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
        {translate('app.users.add')}
      </Button>
    </Stack>
  );
};
