import { AuthTextField } from './AuthTextField';

interface SignInFieldsProps {
  /** Translated by the caller: the sign-in page has no react-admin. */
  labels: { email: string; password: string };
  email: string;
  password: string;
  onEmailChange: (email: string) => void;
  onPasswordChange: (password: string) => void;
  focus: 'email' | 'password';
}

export const SignInFields = ({ labels, email, password, onEmailChange, onPasswordChange, focus }: SignInFieldsProps) => (
  <>
    <AuthTextField
      label={labels.email}
      type="email"
      name="email"
      autoComplete="email"
      value={email}
      onChange={(event) => onEmailChange(event.target.value)}
      autoFocus={focus === 'email'}
    />
    <AuthTextField
      label={labels.password}
      type="password"
      name="password"
      autoComplete="current-password"
      value={password}
      onChange={(event) => onPasswordChange(event.target.value)}
      autoFocus={focus === 'password'}
    />
  </>
);
