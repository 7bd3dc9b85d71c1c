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
    error: `Type ${DELETE_CONFIRMATION_WORD} to confirm`,
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
  const headingId = useId();
  const download = useDownloadAccountData();
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Your data
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Download a copy of your profile, surveys and responses, or delete your account.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate()}>
          {!download.isPending && <Download className="size-4" aria-hidden="true" />}
          {download.isPending ? 'Preparing download...' : 'Download my data'}
        </Button>
        <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
      </div>
      {download.isError && (
        <Banner tone="error">{errorMessage(download.error, 'Could not download your data. Please try again.')}</Banner>
      )}
    </section>
  );
}

/** The Delete account button and its dialog (Radix: focus stays inside, Escape cancels, focus returns). */
function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
      const { message } = await remove.mutateAsync({ password });
      leaveLoginNotice(message);
      signOut();
      await navigate(paths.auth.login.getHref(), { replace: true });
      queryClient.clear();
    } catch (error) {
      form.setValue('password', '');
      setFailure(errorMessage(error, 'Could not delete your account. Please try again.'));
    }
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="danger-secondary">
          <Trash2 className="size-4" aria-hidden="true" />
          Delete account
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 dark:bg-black/60 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto rounded-card border border-slate-200 bg-white p-6 text-slate-900 shadow-overlay"
        >
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            Delete your account?
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm leading-6 text-slate-600">
            This deletes your name, email and password, every survey you made and every response to them. Their public
            links stop working. This cannot be undone: download your data first if you want a copy.
          </DialogPrimitive.Description>
          <Form form={form} onSubmit={onSubmit} aria-label="Delete account" className="space-y-4">
            <FormTextField<DeleteValues>
              label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
              name="confirmation"
              autoComplete="off"
              spellCheck={false}
              required
              disabled={remove.isPending}
            />
            <FormTextField<DeleteValues>
              label="Password"
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
                Cancel
              </Button>
              <Button
                type="submit"
                variant="danger"
                loading={remove.isPending}
                disabled={!confirmed || remove.isPending}
                disabledReason={confirmed ? null : `Type ${DELETE_CONFIRMATION_WORD} above first`}
              >
                {remove.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </div>
          </Form>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
