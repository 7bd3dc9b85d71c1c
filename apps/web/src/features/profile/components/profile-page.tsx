import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchParamChoice } from '@/lib/use-search-param-choice';
import { AccountDataSection } from './account-data-section';
import { ApiKeysSection } from './api-keys-section';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';
import { SignOutEverywhere } from './sign-out-everywhere';
import { TwoFactorSection } from './two-factor-section';

const TABS = [
  { id: 'details', label: 'tabs.details' },
  { id: 'password', label: 'password.title' },
  { id: 'api-keys', label: 'tabs.apiKeys' },
] as const;

/**
 * The profile screen of both roles: tabs Profile Details, Change Password and, for users, API keys. The role of the session picks /api/admin/auth/... or /api/user/auth/....
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('page.title'));
  const { state } = useSession();
  const [chosen, setTab] = useSearchParamChoice('tab', ['details', 'password', 'api-keys']);
  if (state.status !== 'signed-in') return <Spinner />;
  const { user, userType } = state.session;
  const tab = userType === 'admin' && chosen === 'api-keys' ? 'details' : chosen;
  return (
    <section className="max-w-2xl space-y-6">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <Card className="px-5 pt-2 pb-6 sm:px-6">
        <Tabs
          label={t('tabs.label')}
          // Administrators have no API keys.
          tabs={TABS.filter((item) => userType !== 'admin' || item.id !== 'api-keys').map((item) => ({
            id: item.id,
            label: t(item.label),
          }))}
          value={tab}
          onChange={setTab}
        >
          {tab === 'details' ? (
            <ProfileDetailsForm key={user.id} role={userType} user={user} />
          ) : tab === 'password' ? (
            <ChangePasswordForm role={userType} />
          ) : (
            <ApiKeysSection />
          )}
        </Tabs>
      </Card>
      <TwoFactorSection role={userType} user={user} />
      <SignOutEverywhere role={userType} />
      {userType === 'user' && (
        <Card className="px-5 py-6 sm:px-6">
          <AccountDataSection />
        </Card>
      )}
    </section>
  );
}
