import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';
import { usePortalAuth } from '@/authProvider';
import { SignInFields } from './SignInFields';
import { authErrorMessage } from './authMessages';

/** docs/security.md: mounted only while open, so each opening starts from the current account's email and no password. */
export const SignInAgainDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const auth = usePortalAuth();
  const titleId = useId();
  const [email, setEmail] = useState(() => auth.currentUser()?.email ?? '');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A React child of the layout: its submit must not reach a form of the page.
    event.stopPropagation();
    if (!email || !password || loading) return;
    setLoading(true);
    setError('');
    try {
      await auth.signInAgain(email, password);
      onClose();
    } catch (caught) {
      setError(authErrorMessage(caught, 'signIn'));
      setLoading(false);
    }
  };

  return (
    <Dialog open onClose={loading ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={handleSubmit}>
        <DialogTitle id={titleId}>{translate('app.sessionExpiry.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('app.sessionExpiry.dialogText')}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {translate(error, { _: error })}
            </Alert>
          )}
          <SignInFields
            labels={{ email: translate('app.login.email'), password: translate('app.login.password') }}
            email={email}
            password={password}
            onEmailChange={setEmail}
            onPasswordChange={setPassword}
            focus="password"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={loading}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={loading || !email || !password}>
            {translate(loading ? 'app.login.submitting' : 'app.login.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
