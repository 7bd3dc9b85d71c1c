import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** "Forgot password?" under the login form's password. */
export function ForgotPasswordLink() {
  const { t } = useTranslation('auth');
  return (
    <p className="-mt-2 text-end text-sm">
      <Link
        to={paths.auth.forgotPassword.getHref()}
        className="font-medium text-accent-700 underline-offset-2 hover:underline"
      >
        {t('login.forgotPassword')}
      </Link>
    </p>
  );
}
