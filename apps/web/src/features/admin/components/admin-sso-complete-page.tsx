import { paths } from '@/config/paths';
import { SsoComplete } from '@/components/sso-complete';
import { exchangeAdminSsoCode } from '../api/admin-sso-exchange';

/** Where single sign-on returns an administrator: the session, then the admin dashboard. */
export function AdminSsoCompletePage() {
  return (
    <SsoComplete
      exchange={exchangeAdminSsoCode}
      destination={paths.admin.dashboard.getHref()}
      loginHref={paths.auth.adminLogin.getHref()}
    />
  );
}
