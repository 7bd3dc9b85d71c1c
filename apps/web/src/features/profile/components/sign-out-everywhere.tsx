import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { LogOut } from 'lucide-react';
import type { UserType } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { loginHref } from '@/lib/return-path';
import { clearSession } from '@/lib/storage';
import { useApiKeys } from '../api/list-api-keys';
import { useLogoutAll } from '../api/logout-all';

/**
 * "Sign out of all devices": every session of the account ends on the server (a lost phone, a shared
 * computer), this browser's too, which then goes to the login page with a confirmation. A user's API keys are
 * revoked with them: the card says so, and a user who has keys confirms first, told how many.
 */
export function SignOutEverywhere({ role }: { role: UserType }) {
  const { t } = useTranslation('profile');
  const headingId = useId();
  const logoutAll = useLogoutAll();
  const [failure, setFailure] = useState<string | null>(null);
  // How many API keys the confirmation names (a user's only; administrators have none).
  const [confirming, setConfirming] = useState<number | null>(null);
  const keys = useApiKeys({ enabled: role === 'user' });

  const start = async () => {
    const list = role === 'user' ? (keys.data ?? (await keys.refetch()).data) : undefined;
    const count = list?.apiKeys.length ?? 0;
    if (count > 0) setConfirming(count);
    else await run();
  };

  const run = async () => {
    setConfirming(null);
    setFailure(null);
    try {
      await logoutAll.mutateAsync(role);
    } catch (error) {
      // 401: this session had ended already, so every session is over as far as this browser can tell.
      if (!(error instanceof ApiError && error.status === 401)) {
        setFailure(errorMessage(error, t('signOutEverywhere.failed')));
        return;
      }
    }
    // A fresh page at the login screen: nothing of the ended session stays in memory, and the signed-in
    // screens never render signed-out on the way there.
    clearSession();
    window.location.assign(loginHref(role, 'signed-out-everywhere'));
  };

  return (
    <Card className="px-5 py-6 sm:px-6">
      <section aria-labelledby={headingId} className="space-y-4">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {t('signOutEverywhere.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('signOutEverywhere.description')}</p>
          {role === 'user' && <p className="mt-1 text-sm text-slate-600">{t('signOutEverywhere.apiKeysRevoked')}</p>}
        </div>
        {failure && <Banner tone="error">{failure}</Banner>}
        <Button variant="secondary" loading={logoutAll.isPending} onClick={() => void start()}>
          <LogOut className="size-4" aria-hidden="true" />
          {logoutAll.isPending ? t('signOutEverywhere.signingOut') : t('signOutEverywhere.title')}
        </Button>
      </section>
      <ConfirmDialog
        open={confirming !== null}
        title={t('signOutEverywhere.confirmTitle', { count: confirming ?? 0 })}
        confirmLabel={t('signOutEverywhere.confirmLabel')}
        tone="danger"
        busy={logoutAll.isPending}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(null)}
      >
        {t('signOutEverywhere.confirmText', { count: confirming ?? 0 })}
      </ConfirmDialog>
    </Card>
  );
}
