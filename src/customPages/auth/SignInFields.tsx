import { AuthTextField } from './AuthTextField';

interface SignInFieldsProps {
  /** The labels, translated by the caller: the sign-in page has no react-admin, the dialog has its language. */
  labels: { email: string; password: string };
  email: string;
  password: string;
  onEmailChange: (email: string) => void;
  onPasswordChange: (password: string) => void;
  /** The field that takes the focus: the email on the sign-in page, the password when the email is known. */
  focus: 'email' | 'password';
}

/** The email and password of a sign-in: the sign-in page's and the expiry warning's dialog. */
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
