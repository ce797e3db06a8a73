import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { PRIMARY_COLOR, SECONDARY_COLOR } from './config';

/** spec 9: primary #1976d2, secondary #dc004e. Plain MUI, so the sign-in page can use it without react-admin. */
export const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: PRIMARY_COLOR },
    secondary: { main: SECONDARY_COLOR },
    background: { default: '#f5f5f5' },
  },
};

export const theme = createTheme(themeOptions);

/** The portal's light and dark themes (top bar switch, remembered by react-admin's store): the spec's colours in both. */
export const lightTheme: ThemeOptions = themeOptions;
export const darkTheme: ThemeOptions = {
  palette: {
    mode: 'dark',
    primary: { main: PRIMARY_COLOR },
    secondary: { main: SECONDARY_COLOR },
  },
};
