import { TextField } from './ui/field';

/** The email and password of a login form: the same for users and administrators. */
export function LoginFields({
  email,
  password,
  onEmailChange,
  onPasswordChange,
  disabled,
}: {
  email: string;
  password: string;
  onEmailChange: (email: string) => void;
  onPasswordChange: (password: string) => void;
  disabled: boolean;
}) {
  return (
    <>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        disabled={disabled}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
        disabled={disabled}
      />
    </>
  );
}
