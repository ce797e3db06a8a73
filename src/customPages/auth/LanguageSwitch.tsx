import { use, useSyncExternalStore, type ChangeEvent } from 'react';
import InputBase from '@mui/material/InputBase';
import InputAdornment from '@mui/material/InputAdornment';
import NativeSelect from '@mui/material/NativeSelect';
import TranslateIcon from '@mui/icons-material/Translate';
import { LOCALES, type Locale } from '@/i18n/locale';
import { chooseLocale, currentLocale, pendingMessages, subscribeLocale, translate } from '@/i18n/translate';

/** While a remembered language's messages are coming, the page suspends rather than flash English. */
export const useAuthLocale = (): Locale => {
  const pending = pendingMessages();
  if (pending) use(pending);
  return useSyncExternalStore(subscribeLocale, currentLocale);
};

/** A native select: MUI's Select and Menu bring Popover and Modal, too heavy for the sign-in page's budget. */
export const LanguageSwitch = () => {
  const locale = useAuthLocale();
  return (
    <NativeSelect
      value={locale}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => void chooseLocale(event.target.value as Locale)}
      input={
        <InputBase
          startAdornment={
            <InputAdornment position="start">
              <TranslateIcon fontSize="small" />
            </InputAdornment>
          }
        />
      }
      inputProps={{ 'aria-label': translate('app.language') }}
      // InputBase draws no border or underline, so the keyboard focus needs its own outline.
      sx={{ typography: 'body2', px: 1, borderRadius: 1, '&.Mui-focused': { outline: '2px solid', outlineColor: 'primary.main' } }}
    >
      {LOCALES.map(({ locale: value, name }) => (
        <option key={value} value={value} lang={value}>
          {name}
        </option>
      ))}
    </NativeSelect>
  );
};
