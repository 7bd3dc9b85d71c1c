import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchParamChoice } from '@/lib/use-search-param-choice';
import { AccountDataSection } from './account-data-section';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';
import { SignOutEverywhere } from './sign-out-everywhere';
import { TwoFactorSection } from './two-factor-section';

const TABS = [
  { id: 'details', label: 'Profile Details' },
  { id: 'password', label: 'Change Password' },
] as const;

/**
 * The profile screen of both roles: tabs Profile Details and Change
 * Password. The role of the session picks /api/admin/auth/... or /api/user/auth/....
 */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const { state } = useSession();
  const [tab, setTab] = useSearchParamChoice('tab', ['details', 'password']);
  if (state.status !== 'signed-in') return <Spinner />;
  const { user, userType } = state.session;
  return (
    <section className="max-w-2xl space-y-6">
      <PageHeader title="Profile" description="Manage your account details and password." />
      <Card className="px-5 pt-2 pb-6 sm:px-6">
        <Tabs label="Profile settings" tabs={TABS} value={tab} onChange={setTab}>
          {tab === 'details' ? (
            <ProfileDetailsForm key={user.id} role={userType} user={user} />
          ) : (
            <ChangePasswordForm role={userType} />
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
