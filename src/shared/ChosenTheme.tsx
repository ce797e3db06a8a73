import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { darkTheme, theme } from '@/theme';

// react-admin's localStorageStore key, JSON-encoded.
const STORE_KEY = 'RaStore.theme';

/** Read where react-admin is not loaded. */
export const storedThemeMode = (): 'light' | 'dark' | null => {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null');
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    return null;
  }
};

const dark = createTheme(darkTheme);

/** Outside the admin shell, so a portal in dark does not flash a white page at sign-in or on reload. */
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
