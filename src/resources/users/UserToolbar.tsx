import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type SavedQuery, useListContext, useTranslate } from 'react-admin';
import { USER_PAGE_SIZE_OPTIONS } from '@/contract/users';
import { ExportCsvButton } from '@/resources/generic/ExportCsvButton';
import { exportColumnsOf } from '@/resources/generic/fromDeclaration';
import { ColumnChooser } from '@/shared/ColumnChooser';
import { SavedQueries, sameQuery } from '@/shared/SavedQueries';
import { useFilterWriter } from '@/shared/useFilterWriter';
import { useListSearch } from '@/shared/useListSearch';
import { USER_FIELDS } from './userFields';
import { USER_COLUMNS } from './UserTable';
import { fromListFilter, toListFilter, type UserFilters } from './userTypes';

const ROLES = ['all', 'admin', 'user'] as const;
const USER_EXPORT_COLUMNS = exportColumnsOf(USER_FIELDS);
const STATUSES = ['all', 'active', 'inactive', 'deleted'] as const;

/** A stored query this toolbar can show and the server takes: filters the toolbar could have set, a page size the pager offers. */
const isUserQuery = ({ filter = {}, perPage }: SavedQuery['value']) =>
  sameQuery(toListFilter(fromListFilter(filter)), filter) &&
  (perPage === undefined || (USER_PAGE_SIZE_OPTIONS as readonly number[]).includes(perPage));

/**
 * spec 2: search (debounced), Role and Status filters, Refresh, Export and Add User. The filters
 * live in the list controller in the form the server takes (toListFilter); the selects show them
 * back (fromListFilter).
 */
export const UserToolbar = ({ onAdd }: { onAdd: () => void }) => {
  const translate = useTranslate();
  const { filterValues, refetch } = useListContext();
  const writeFilters = useFilterWriter();
  const [search, setSearch] = useListSearch('search', { trim: true });
  const filters = fromListFilter(filterValues);

  const select = (name: 'role' | 'status', options: readonly string[]) => (
    <TextField
      select
      size="small"
      sx={{ minWidth: 140 }}
      label={translate(`app.users.filters.${name}`)}
      value={filters[name]}
      onChange={(event) =>
        writeFilters((current) => toListFilter({ ...fromListFilter(current), [name]: event.target.value } as UserFilters))
      }
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
      <Button startIcon={<RefreshIcon />} onClick={() => void refetch()}>
        {translate('app.users.refresh')}
      </Button>
      <ExportCsvButton resource="users" filter={filterValues} columns={USER_EXPORT_COLUMNS} />
      <SavedQueries accept={isUserQuery} />
      <ColumnChooser spec={USER_COLUMNS} />
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
        {translate('app.users.add')}
      </Button>
    </Stack>
  );
};
