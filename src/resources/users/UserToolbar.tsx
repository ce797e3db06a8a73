import { useCallback } from 'react';
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { ExportCsvButton } from '../generic/ExportCsvButton';
import { useDebouncedSearch } from '@/shared/useDebouncedValue';
import { toListFilter, type UserFilters } from './userTypes';

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
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        size="small"
        sx={{ flex: 1 }}
        type="search"
        label={translate('app.users.searchLabel')}
        placeholder={translate('app.users.search')}
        slotProps={{ inputLabel: { shrink: true } }}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {select('role', ['all', 'admin', 'user'])}
      {select('status', ['all', 'active', 'inactive', 'deleted'])}
      <Button startIcon={<RefreshIcon />} onClick={onRefresh}>
        {translate('app.users.refresh')}
      </Button>
      <ExportCsvButton resource="users" filter={toListFilter(filters)} />
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
        {translate('app.users.add')}
      </Button>
    </Stack>
  );
};
