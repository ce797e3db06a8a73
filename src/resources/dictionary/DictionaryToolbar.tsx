import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type RaRecord, useListContext, useTranslate } from 'react-admin';
import { ExportCsvButton } from '@/resources/generic/ExportCsvButton';
import type { DictionaryItem, DictionaryTab, Landmine } from './items/dictionaryTypes';
import { searchItems, searchLandmines } from './items/searchItems';

export interface DictionaryTabProps {
  initialSearch: string;
  onSearchChange: (search: string) => void;
}

const ADD_KEYS: Record<DictionaryTab, string> = {
  objections: 'app.dictionary.add.objections',
  faqs: 'app.dictionary.add.faqs',
  landmines: 'app.dictionary.add.landmines',
};

interface DictionaryToolbarProps {
  tab: DictionaryTab;
  search: string;
  onSearchChange: (search: string) => void;
  onAdd: () => void;
}

/** spec 5: the server searches, the screen filters too. */
const exportOptions = (tab: DictionaryTab, search: string) => ({
  resource: tab,
  filter: tab !== 'landmines' && search.trim() ? { search: search.trim() } : {},
  select: (rows: RaRecord[]) =>
    tab === 'landmines' ? searchLandmines(rows as Landmine[], search) : searchItems(rows as DictionaryItem[], search),
});

/** spec 2 */
export const DictionaryToolbar = ({ tab, search, onSearchChange, onAdd }: DictionaryToolbarProps) => {
  const translate = useTranslate();
  const { refetch } = useListContext();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', my: 2 }}>
      <TextField
        size="small"
        type="search"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        placeholder={translate('app.dictionary.searchPlaceholder')}
        slotProps={{
          htmlInput: { 'aria-label': translate('app.dictionary.search'), maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ flex: 1, minWidth: 240 }}
      />
      <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void refetch()}>
        {translate('app.dictionary.refresh')}
      </Button>
      <ExportCsvButton variant="outlined" {...exportOptions(tab, search)} />
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
        {translate(ADD_KEYS[tab])}
      </Button>
    </Box>
  );
};
