import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { usePortalAuth } from '@/authProvider';
import { RESET_RETURN_DELAY_MS } from '@/config';
import { translate } from '@/i18n/translate';
import { AuthTextField } from './AuthTextField';
import { authErrorMessage, messageText } from './authMessages';

interface PasswordResetFormProps {
  initialEmail: string;
  onBack: () => void;
}

/** spec 2, 4, 8 */
export const PasswordResetForm = ({ initialEmail, onBack }: PasswordResetFormProps) => {
  const auth = usePortalAuth();
  const [email, setEmail] = useState(initialEmail);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const returnTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(returnTimer.current), []);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setSent(false);
    if (!email.trim()) {
      setError('app.auth.reset.emailRequired');
      return;
    }
    setLoading(true);
    try {
      await auth.sendPasswordReset(email.trim());
      setSent(true);
      setEmail('');
      returnTimer.current = setTimeout(onBack, RESET_RETURN_DELAY_MS);
    } catch (caught) {
      setError(authErrorMessage(caught, 'reset'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={translate('app.login.resetTitle')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.login.resetInfo')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageText(error)}
        </Alert>
      )}
      {sent && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('app.auth.reset.sent')}
        </Alert>
      )}
      <AuthTextField
        label={translate('app.login.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoFocus
      />
      <Button type="submit" variant="contained" fullWidth disabled={loading} sx={{ mt: 2 }}>
        {translate(loading ? 'app.login.sending' : 'app.login.sendReset')}
      </Button>
      <Button fullWidth onClick={onBack} sx={{ mt: 1 }}>
        {translate('app.login.backToSignIn')}
      </Button>
    </Box>
  );
};
