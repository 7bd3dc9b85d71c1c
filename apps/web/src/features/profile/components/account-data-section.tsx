import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n/i18n';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Download, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { deleteAccountBodySchema } from '@quorum/contract';
import { paths } from '@/config/paths';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { leaveLoginNotice } from '@/lib/login-notice';
import { useSession } from '@/lib/session';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadAccountData } from '../api/export-account';

/** The word typed to confirm a deletion. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

const deleteFormSchema = deleteAccountBodySchema.extend({
  confirmation: z.string().refine((value) => value.trim() === DELETE_CONFIRMATION_WORD, {
    // Worded when shown, in the interface's language.
    error: () => i18n.t('profile:accountData.typeToConfirm', { word: DELETE_CONFIRMATION_WORD }),
  }),
});
type DeleteValues = z.input<typeof deleteFormSchema>;
const EMPTY: DeleteValues = { confirmation: '', password: '' };

/**
 * "Your data" on a user's profile: download everything the account holds as a JSON file, or delete the
 * account for good (a dialog that asks for the password and the typed word DELETE). After a deletion this
 * browser is signed out and lands on the login page with a message.
 */
export function AccountDataSection() {
  const { t } = useTranslation('profile');
  const headingId = useId();
  const download = useDownloadAccountData();
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('accountData.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('accountData.description')}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate()}>
          {!download.isPending && <Download className="size-4" aria-hidden="true" />}
          {download.isPending ? t('accountData.preparing') : t('accountData.download')}
        </Button>
        <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
      </div>
      {download.isError && (
        <Banner tone="error">{errorMessage(download.error, t('accountData.downloadFailed'))}</Banner>
      )}
    </section>
  );
}

/** The Delete account button and its dialog (Radix: focus stays inside, Escape cancels, focus returns). */
function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  const remove = useDeleteAccount();
  const form = useZodForm<DeleteValues>(deleteFormSchema, { defaultValues: EMPTY });
  const [failure, setFailure] = useState<string | null>(null);
  const confirmation = useWatch({ control: form.control, name: 'confirmation' });
  const confirmed = confirmation.trim() === DELETE_CONFIRMATION_WORD;

  const close = () => {
    if (remove.isPending) return;
    form.reset(EMPTY);
    setFailure(null);
    onOpenChange(false);
  };

  const onSubmit = async ({ password }: DeleteValues) => {
    setFailure(null);
    try {
      await remove.mutateAsync({ password });
      leaveLoginNotice(t('accountData.deleted'));
      signOut();
      await navigate(paths.auth.login.getHref(), { replace: true });
      queryClient.clear();
    } catch (error) {
      form.setValue('password', '');
      setFailure(errorMessage(error, t('accountData.deleteFailed')));
    }
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="danger-secondary">
          <Trash2 className="size-4" aria-hidden="true" />
          {t('accountData.delete')}
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 dark:bg-black/60 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed start-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rtl:translate-x-1/2 space-y-4 overflow-y-auto rounded-card border border-slate-200 bg-white p-6 text-slate-900 shadow-overlay"
        >
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            {t('accountData.confirmTitle')}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm leading-6 text-slate-600">
            {t('accountData.confirmText')}
          </DialogPrimitive.Description>
          <Form form={form} onSubmit={onSubmit} aria-label={t('accountData.delete')} className="space-y-4">
            <FormTextField<DeleteValues>
              label={t('accountData.typeToConfirm', { word: DELETE_CONFIRMATION_WORD })}
              name="confirmation"
              autoComplete="off"
              spellCheck={false}
              required
              disabled={remove.isPending}
            />
            <FormTextField<DeleteValues>
              label={t('twoFactor.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              onChange={() => setFailure(null)}
              disabled={remove.isPending}
            />
            {failure && <Banner tone="error">{failure}</Banner>}
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={remove.isPending}>
                {t('cancel')}
              </Button>
              <Button
                type="submit"
                variant="danger"
                loading={remove.isPending}
                disabled={!confirmed || remove.isPending}
                disabledReason={confirmed ? null : t('accountData.typeAboveFirst', { word: DELETE_CONFIRMATION_WORD })}
              >
                {remove.isPending ? t('accountData.deleting') : t('accountData.deleteMine')}
              </Button>
            </div>
          </Form>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
