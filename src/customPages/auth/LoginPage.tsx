import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { AccessDeniedError, loginReturnPath, type LoginRouteState, readLoginNotice, usePortalAuth } from '@/authProvider';
import { ACCESS_DENIED_DELAY_MS } from '@/config';
import { translate } from '@/i18n/translate';
import { AuthCard, AuthMessages } from './AuthCard';
import { SignInFields } from './SignInFields';
import { authErrorMessage } from './authMessages';
import { useAuthLocale } from './LanguageSwitch';
import { PasswordResetForm } from './PasswordResetForm';
import { PATHS } from '@/shared/paths';

/** spec 8 */
const initialNotice = (state: LoginRouteState): LoginRouteState => (state.error || state.alert ? state : readLoginNotice());

/**
 * spec 2, 4. The sign-in pages keep plain state, without react-admin, react-hook-form or zod: those would break the
 * page's 200 KB gzipped JavaScript budget (`npm run size -- --check`).
 */
export const LoginPage = () => {
  useAuthLocale();
  const auth = usePortalAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const routeState = (location.state ?? {}) as LoginRouteState;
  const [notice] = useState(() => initialNotice(routeState));
  const [mode, setMode] = useState<'signIn' | 'reset'>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(notice.error ?? '');
  const [alert, setAlert] = useState(notice.alert ?? '');
  const deniedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(deniedTimer.current), []);

  const changeMode = (next: 'signIn' | 'reset') => {
    clearTimeout(deniedTimer.current);
    setError('');
    setAlert('');
    setMode(next);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email || !password || loading) return;
    setLoading(true);
    setError('');
    setAlert('');
    try {
      await auth.signIn(email, password);
      // PublicOnlyRoute reads the same, and ProtectedRoute clears the notice once the admin is in.
      navigate(loginReturnPath(location.state, PATHS.dashboard, auth.currentUser()?.uid ?? null), { replace: true });
    } catch (caught) {
      if (caught instanceof AccessDeniedError) {
        // spec 4: the account has been signed out; the message follows after ~100 ms.
        deniedTimer.current = setTimeout(() => {
          setError('app.auth.accessDenied');
          setAlert('app.auth.noPermission');
        }, ACCESS_DENIED_DELAY_MS);
      } else {
        setError(authErrorMessage(caught, 'signIn'));
      }
    } finally {
      setLoading(false);
    }
  };

  if (mode === 'reset') {
    return (
      <AuthCard title={translate('app.login.resetTitle')}>
        <PasswordResetForm initialEmail={email} onBack={() => changeMode('signIn')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={translate('app.login.title')}>
      <AuthMessages alert={alert} error={error} />
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label={translate('app.login.title')}>
        <SignInFields
          labels={{ email: translate('app.login.email'), password: translate('app.login.password') }}
          email={email}
          password={password}
          onEmailChange={setEmail}
          onPasswordChange={setPassword}
          focus="email"
        />
        <Button type="submit" variant="contained" fullWidth disabled={loading || !email || !password} sx={{ mt: 2 }}>
          {translate(loading ? 'app.login.submitting' : 'app.login.submit')}
        </Button>
        <Button fullWidth onClick={() => changeMode('reset')} sx={{ mt: 1 }}>
          {translate('app.login.forgotPassword')}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={PATHS.signup}>
          {translate('app.login.toSignup')}
        </Link>
      </Box>
    </AuthCard>
  );
};
