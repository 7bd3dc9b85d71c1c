import { useId, useState } from 'react';
import { MailPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  createInvitationBodySchema,
  WORKSPACE_LIMITS,
  WORKSPACE_ROLES,
  type CreateInvitationBody,
  type Invitation,
  type Workspace,
} from '@quorum/contract';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Select } from '@/components/ui/field';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useInvitations, useInviteMember, useRevokeInvitation } from '../api/workspace-settings';
import { nameOf } from '../lib/people';
import { roleDescription, roleLabel } from '../lib/roles';

const EMPTY: CreateInvitationBody = { email: '', role: 'editor' };

/**
 * Invitations (owners): invite by email with a role (the server mails a link valid for
 * WORKSPACE_LIMITS.invitationDays days), and the pending invitations with their role, who invited and until when,
 * each revocable.
 */
export function InvitationsSection({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation('workspaces');
  const headingId = useId();
  const invitations = useInvitations(workspace.id);
  const revoke = useRevokeInvitation(workspace.id);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onRevoke = (invitation: Invitation) => {
    setNotice(null);
    setFailure(null);
    revoke.mutate(invitation.id, {
      onSuccess: () => setNotice(t('invitations.revoked', { email: invitation.email })),
      onError: (error) => setFailure(errorMessage(error, t('invitations.revokeFailed'))),
    });
  };

  let body;
  if (invitations.isPending) {
    body = (
      <div className="space-y-3" aria-busy="true">
        <p role="status" className="sr-only">
          {t('invitations.loading')}
        </p>
        <Skeleton className="h-14 w-full" />
      </div>
    );
  } else if (invitations.isError) {
    body = (
      <Banner tone="error">
        <p>{errorMessage(invitations.error, t('invitations.loadFailed'))}</p>
        <button
          type="button"
          className="mt-1 font-medium underline underline-offset-2"
          onClick={() => void invitations.refetch()}
        >
          {t('invitations.tryAgain')}
        </button>
      </Banner>
    );
  } else if (invitations.data.invitations.length === 0) {
    body = (
      <EmptyState icon={<MailPlus />} title={t('invitations.emptyTitle')} className="py-6">
        {t('invitations.emptyBody')}
      </EmptyState>
    );
  } else {
    body = (
      <ul
        aria-label={t('invitations.pendingLabel')}
        className="divide-y divide-slate-200 rounded-control border border-slate-200"
      >
        {invitations.data.invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-all text-slate-900">{invitation.email}</span>
                <Badge>{roleLabel(invitation.role)}</Badge>
              </p>
              <p className="text-xs text-slate-600">
                {t('invitations.invitedBy', {
                  name: nameOf(invitation.invitedBy, t('invitations.formerMember')),
                  date: formatDateTime(invitation.expiresAt),
                })}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0 self-start sm:self-center"
              aria-label={t('invitations.revokeLabel', { email: invitation.email })}
              loading={revoke.isPending && revoke.variables === invitation.id}
              onClick={() => onRevoke(invitation)}
            >
              {t('invitations.revoke')}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('invitations.heading')}
      </h2>
      <InviteForm
        onInvited={(email) => {
          setFailure(null);
          setNotice(t('invitations.sent', { email }));
        }}
        workspaceId={workspace.id}
      />
      {notice && (
        <Banner tone="success" onClose={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
      {failure && <Banner tone="error">{failure}</Banner>}
      <h3 className="text-sm font-semibold text-slate-800">{t('invitations.pending')}</h3>
      {body}
    </section>
  );
}

function InviteForm({ workspaceId, onInvited }: { workspaceId: string; onInvited: (email: string) => void }) {
  const { t } = useTranslation('workspaces');
  const invite = useInviteMember(workspaceId);
  const form = useZodForm<CreateInvitationBody>(createInvitationBodySchema, { defaultValues: EMPTY });
  const [failure, setFailure] = useState<string | null>(null);
  const role = form.watch('role');

  const onSubmit = async ({ email, role }: CreateInvitationBody) => {
    setFailure(null);
    try {
      await invite.mutateAsync({ email: email.trim(), role });
      form.reset({ email: '', role });
      onInvited(email.trim());
    } catch (error) {
      setFailure(errorMessage(error, t('invite.failed')));
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} noValidate aria-label={t('invite.formLabel')} className="space-y-3">
      <p className="text-sm text-slate-600">{t('invite.intro', { days: WORKSPACE_LIMITS.invitationDays })}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormTextField<CreateInvitationBody>
          name="email"
          type="email"
          label={t('invite.email')}
          required
          autoComplete="off"
          disabled={invite.isPending}
          fieldClassName="min-w-0 flex-1"
        />
        <Field label={t('invite.role')} hint={roleDescription(role)} className="sm:w-56">
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} disabled={invite.isPending} {...form.register('role')}>
              {WORKSPACE_ROLES.map((option) => (
                <option key={option} value={option}>
                  {roleLabel(option)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {failure && <Banner tone="error">{failure}</Banner>}
      <Button type="submit" loading={invite.isPending}>
        {invite.isPending ? t('invite.sending') : t('invite.send')}
      </Button>
    </Form>
  );
}
