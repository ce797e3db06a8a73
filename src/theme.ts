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
