import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { DictionaryTab } from './dictionaryTypes';

const ADD_KEYS: Record<DictionaryTab, string> = {
  objections: 'app.dictionary.add.objections',
  faqs: 'app.dictionary.add.faqs',
  landmines: 'app.dictionary.add.landmines',
};

interface DictionaryToolbarProps {
  tab: DictionaryTab;
  search: string;
  onSearchChange: (search: string) => void;
  onRefresh: () => void;
  onAdd: () => void;
}

/** spec 2: search box, Refresh and the tab's Add button. */
export const DictionaryToolbar = ({ tab, search, onSearchChange, onRefresh, onAdd }: DictionaryToolbarProps) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', my: 2 }}>
      <TextField
        size="small"
        type="search"
        value={search}
        onChange={event => onSearchChange(event.target.value)}
        placeholder={translate('app.dictionary.searchPlaceholder')}
        slotProps={{
          htmlInput: { 'aria-label': translate('app.dictionary.search'), maxLength: 200 },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
        }}
        sx={{ flex: 1, minWidth: 240 }}
      />
      <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onRefresh}>
        {translate('app.dictionary.refresh')}
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
        {translate(ADD_KEYS[tab])}
      </Button>
    </Box>
  );
};
