import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { darkTheme, theme } from '@/theme';

// react-admin's localStorageStore keeps the theme chosen in the top bar under this key, JSON-encoded.
const STORE_KEY = 'RaStore.theme';

/** The theme chosen in the top bar, read where react-admin is not loaded; null when none was chosen. */
export const storedThemeMode = (): 'light' | 'dark' | null => {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null');
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    return null;
  }
};

const dark = createTheme(darkTheme);

/**
 * The theme of what renders outside the admin shell (the sign-in and sign-up pages, the spinner
 * before the shell): the one chosen in the top bar, else the system's, as react-admin picks it
 * inside the shell, so a portal in dark does not flash a white page at sign-in or on reload.
 */
export const ChosenTheme = ({ children }: { children: ReactNode }) => {
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode = storedThemeMode() ?? (systemDark ? 'dark' : 'light');
  return (
    <ThemeProvider theme={mode === 'dark' ? dark : theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
};
