import { useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { translate } from '@/i18n/translate';
import { messageText } from './authMessages';
import { LanguageSwitch } from './LanguageSwitch';

interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/** With the language switch: the language can be chosen before signing in. */
export const AuthCard = ({ title, children }: AuthCardProps) => {
  const productName = translate('app.productName');
  useEffect(() => {
    document.title = `${title} - ${productName}`;
  }, [title, productName]);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper elevation={3} sx={{ p: 4, pt: 2, width: '100%', maxWidth: 420 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <LanguageSwitch />
        </Box>
        <Typography component="h1" variant="h4" align="center" gutterBottom>
          {translate('app.adminPortal')}
        </Typography>
        <Typography component="h2" variant="h6" align="center" color="text.secondary" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
};

export const AuthMessages = ({ alert, error }: { alert: string; error: string }) => (
  <>
    {alert && (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {messageText(alert)}
      </Alert>
    )}
    {error && (
      <Alert severity="error" sx={{ mb: 2 }}>
        {messageText(error)}
      </Alert>
    )}
  </>
);
