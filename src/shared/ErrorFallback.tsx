import { useEffect, type ErrorInfo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { translate } from '@/i18n/translate';

interface ErrorFallbackProps {
  /** In the signed-in layout the top bar keeps the page's one `<h1>`: an `<h2>`, filling the page's area. */
  inLayout?: boolean;
}

/** spec 2: the global error fallback. */
export const ErrorFallback = ({ inLayout = false }: ErrorFallbackProps) => (
  <Box
    role="alert"
    sx={{
      minHeight: inLayout ? '50vh' : '100vh',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 2,
      p: 3,
      textAlign: 'center',
    }}
  >
    <Typography component={inLayout ? 'h2' : 'h1'} variant="h4">
      {translate('app.error.title')}
    </Typography>
    <Typography color="text.secondary">{translate('app.error.message')}</Typography>
    <Button variant="contained" onClick={() => window.location.reload()}>
      {translate('app.error.reload')}
    </Button>
  </Box>
);

/** spec 2: message, stack, component stack, timestamp. */
export const logRenderError = (error: unknown, componentStack: string | null | undefined) => {
  const failure = error instanceof Error ? error : new Error(String(error));
  console.error('Unexpected rendering error', {
    message: failure.message,
    stack: failure.stack,
    componentStack: componentStack ?? '',
    timestamp: new Date().toISOString(),
  });
};

/** react-admin's `<Admin error>`: spec 2's fallback rather than react-admin's own error page. */
export const AdminErrorPage = ({ error, errorInfo }: { error: Error; errorInfo?: ErrorInfo }) => {
  const componentStack = errorInfo?.componentStack;
  useEffect(() => {
    if (componentStack !== undefined) logRenderError(error, componentStack);
  }, [error, componentStack]);
  return <ErrorFallback />;
};
