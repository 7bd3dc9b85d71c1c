import type { Blocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/dialog';

/** Asks before leaving the form with unsaved changes, while `blocker` holds the way out. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation('editor');
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('form.leaveTitle')}
      confirmLabel={t('form.leave')}
      cancelLabel={t('form.stay')}
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('form.leaveBody')}
    </ConfirmDialog>
  );
}
