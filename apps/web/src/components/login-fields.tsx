import { useTranslation } from 'react-i18next';
import type { LoginBody } from '@quorum/contract';
import { FormTextField } from './ui/form';

/** The email and password of a login form (inside its `Form`): the same for users and administrators. */
export function LoginFields({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <FormTextField<LoginBody>
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="username"
        required
        disabled={disabled}
      />
      <FormTextField<LoginBody>
        label={t('fields.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        disabled={disabled}
      />
    </>
  );
}
