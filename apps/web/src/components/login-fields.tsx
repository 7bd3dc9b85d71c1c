import type { LoginBody } from '@quorum/contract';
import { FormTextField } from './ui/form';

/** The email and password of a login form (inside its `Form`): the same for users and administrators. */
export function LoginFields({ disabled }: { disabled: boolean }) {
  return (
    <>
      <FormTextField<LoginBody>
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        disabled={disabled}
      />
      <FormTextField<LoginBody>
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        disabled={disabled}
      />
    </>
  );
}
