import { paths } from '@/config/paths';
import { SsoComplete } from '@/components/sso-complete';
import { exchangeSsoCode } from '../api/sso-exchange';

/** Where single sign-on returns a user: the session, then the dashboard. */
export function SsoCompletePage() {
  return (
    <SsoComplete
      exchange={exchangeSsoCode}
      destination={paths.user.dashboard.getHref()}
      loginHref={paths.auth.login.getHref()}
    />
  );
}
