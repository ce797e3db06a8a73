import { useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetList, useListContext, useTranslate } from 'react-admin';
import { useDebouncedValue } from '@/shared/useDebouncedValue';
import { useRepName } from './useFilterNames';

interface RepOption {
  email: string;
  name: string;
}

const REP_CHOICES = 10;

/**
 * The list's own rep filter: an admin types a name (or an address) and picks one of the users
 * Users finds, shown by name with the address second. The filter holds the address, as the calls do.
 */
export const SessionRepFilter = ({ onChosen }: { onChosen: (email: string | null) => void }) => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const rep = typeof filterValues.rep === 'string' ? filterValues.rep : null;
  const repName = useRepName(rep ?? undefined);
  const [typed, setTyped] = useState('');
  const [opened, setOpened] = useState(false);
  const search = useDebouncedValue(typed.trim());
  const { data, isFetching } = useGetList<{ id: string; email: string; name: string }>(
    'users',
    { pagination: { page: 1, perPage: REP_CHOICES }, sort: { field: 'id', order: 'DESC' }, filter: search ? { search } : {} },
    // The choices stay while the next ones load, so a pick is never lost to an empty list between keystrokes.
    { enabled: opened, placeholderData: keepPreviousData },
  );
  const options: RepOption[] = (data ?? []).map((user) => ({ email: user.email, name: user.name.trim() }));
  // One object per rep: Autocomplete puts the chosen rep's name back over what is being typed whenever its value changes identity.
  const value = useMemo<RepOption | null>(() => (rep ? { email: rep, name: repName ?? '' } : null), [rep, repName]);
  const choose = (option: RepOption | null) => {
    const { rep: _rep, ...rest } = filterValues;
    setFilters(option ? { ...rest, rep: option.email } : rest, displayedFilters);
    onChosen(option?.email ?? null);
  };
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 240, flex: 1, maxWidth: { md: 360 } }}
      options={options}
      value={value}
      loading={isFetching}
      onOpen={() => setOpened(true)}
      filterOptions={(found) => found}
      getOptionLabel={(option) => option.name || option.email}
      isOptionEqualToValue={(option, chosen) => option.email.toLowerCase() === chosen.email.toLowerCase()}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setTyped(text);
        else if (reason === 'clear' || reason === 'reset') setTyped('');
      }}
      onChange={(_event, option) => choose(option)}
      noOptionsText={translate('app.sessions.filters.repNone')}
      loadingText={translate('app.sessions.loading')}
      clearText={translate('app.sessions.filters.repClear')}
      openText={translate('app.sessions.filters.repOpen')}
      closeText={translate('app.sessions.filters.repClose')}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <Typography variant="body2">{option.name || option.email}</Typography>
          {option.name && (
            <Typography variant="caption" color="text.secondary">
              {option.email}
            </Typography>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('app.sessions.filters.rep')}
          placeholder={translate('app.sessions.filters.repPlaceholder')}
        />
      )}
    />
  );
};
