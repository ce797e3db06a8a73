import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { usePortalAuth } from '@/authProvider';
import { MIN_PASSWORD_LENGTH } from '@/config';
import { translate } from '@/i18n/translate';
import { AuthCard, AuthMessages } from './AuthCard';
import { AuthTextField } from './AuthTextField';
import { authErrorMessage } from './authMessages';
import { useAuthLocale } from './LanguageSwitch';
import { PATHS } from '@/shared/paths';

const EMPTY_FORM = { email: '', password: '', confirmPassword: '' };
type Field = keyof typeof EMPTY_FORM;

/** spec 5 */
export const signupError = ({ email, password, confirmPassword }: typeof EMPTY_FORM): string | null => {
  if (!email || !password || !confirmPassword) return 'app.signup.allRequired';
  if (password.length < MIN_PASSWORD_LENGTH) return 'app.signup.passwordTooShort';
  if (password !== confirmPassword) return 'app.signup.passwordsMismatch';
  return null;
};

/** spec 2, 5; free of react-admin for the bundle budget. */
export const SignupPage = () => {
  useAuthLocale();
  const auth = usePortalAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY_FORM);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [alert, setAlert] = useState('');

  const handleChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    // spec 5: editing a field clears the message.
    setError('');
    setAlert('');
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = signupError(form);
    if (invalid) {
      setError(invalid);
      return;
    }
    setLoading(true);
    try {
      const user = await auth.signUp(form.email, form.password);
      if (auth.isWhitelisted(user.uid)) {
        navigate(PATHS.dashboard, { replace: true });
        return;
      }
      // spec 6: a non-whitelisted account cannot get in.
      await auth.signOut();
      setError('app.auth.accessDenied');
      setAlert('app.auth.noPermission');
    } catch (caught) {
      setError(authErrorMessage(caught, 'signUp'));
    } finally {
      setLoading(false);
    }
  };

  const field = (name: Field, type: 'email' | 'password', autoComplete: string, helperText?: string) => (
    <AuthTextField
      label={translate(`app.signup.${name}`)}
      type={type}
      name={name}
      autoComplete={autoComplete}
      value={form[name]}
      onChange={handleChange(name)}
      helperText={helperText}
    />
  );

  return (
    <AuthCard title={translate('app.signup.title')}>
      <AuthMessages alert={alert} error={error} />
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label={translate('app.signup.title')}>
        {field('email', 'email', 'email')}
        {field('password', 'password', 'new-password', translate('app.signup.passwordHelper'))}
        {field('confirmPassword', 'password', 'new-password')}
        <Button type="submit" variant="contained" fullWidth disabled={loading} sx={{ mt: 2 }}>
          {translate(loading ? 'app.signup.submitting' : 'app.signup.submit')}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={PATHS.login}>
          {translate('app.signup.toLogin')}
        </Link>
      </Box>
    </AuthCard>
  );
};
