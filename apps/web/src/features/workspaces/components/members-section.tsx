import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, WORKSPACE_ROLES, type Workspace, type WorkspaceMember, type WorkspaceRole } from '@quorum/contract';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useMembers, useRemoveMember, useUpdateMember } from '../api/workspace-settings';
import { useGoHomeWithout } from '../lib/leave-workspace';
import { roleLabel } from '../lib/roles';

/** One member's row's message: which member, and what the server said. */
interface RowFailure {
  userId: string;
  message: string;
}

/**
 * The workspace's members: name, email, role. Owners change a member's role with a select and remove members
 * (after a confirmation); everyone may leave (after a confirmation). A refusal (the last owner, …) shows under
 * the member's row.
 */
export function MembersSection({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation('workspaces');
  const headingId = useId();
  const { state } = useSession();
  const myId = state.status === 'signed-in' ? state.session.user.id : '';
  const isOwner = can(workspace.role, 'manage-workspace');
  const members = useMembers(workspace.id);
  const update = useUpdateMember(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const goHome = useGoHomeWithout();
  const [failure, setFailure] = useState<RowFailure | null>(null);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);

  const changeRole = (member: WorkspaceMember, role: WorkspaceRole) => {
    setFailure(null);
    update.mutate(
      { userId: member.userId, role },
      {
        onError: (error) =>
          setFailure({ userId: member.userId, message: errorMessage(error, t('members.roleFailed')) }),
      },
    );
  };

  const confirmRemove = () => {
    if (!removing) return;
    const member = removing;
    const leaving = member.userId === myId;
    setFailure(null);
    remove.mutate(member.userId, {
      onSuccess: () => {
        setRemoving(null);
        if (leaving) void goHome(workspace.id);
      },
      onError: (error) => {
        setRemoving(null);
        setFailure({
          userId: member.userId,
          message: errorMessage(error, leaving ? t('members.leaveFailed') : t('members.removeFailed')),
        });
      },
    });
  };

  let body;
  if (members.isPending) {
    body = (
      <div className="space-y-3" aria-busy="true">
        <p role="status" className="sr-only">
          {t('members.loading')}
        </p>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  } else if (members.isError) {
    body = (
      <Banner tone="error">
        <p>{errorMessage(members.error, t('members.loadFailed'))}</p>
        <button
          type="button"
          className="mt-1 font-medium underline underline-offset-2"
          onClick={() => void members.refetch()}
        >
          {t('members.tryAgain')}
        </button>
      </Banner>
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-200 rounded-control border border-slate-200">
        {members.data.members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            isMe={member.userId === myId}
            canManage={isOwner}
            pendingRole={update.isPending && update.variables?.userId === member.userId ? update.variables.role : null}
            failure={failure?.userId === member.userId ? failure.message : null}
            onRole={(role) => changeRole(member, role)}
            onRemove={() => {
              setFailure(null);
              setRemoving(member);
            }}
          />
        ))}
      </ul>
    );
  }

  const leaving = removing !== null && removing.userId === myId;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('members.heading')}
      </h2>
      {body}
      <ConfirmDialog
        open={removing !== null}
        title={
          leaving
            ? t('members.leaveTitle', { workspace: workspace.name })
            : t('members.removeTitle', { name: removing?.name ?? '' })
        }
        confirmLabel={leaving ? t('members.leaveConfirm') : t('members.removeConfirm')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {leaving ? t('members.leaveBody') : t('members.removeBody', { name: removing?.name ?? '' })}
      </ConfirmDialog>
    </section>
  );
}

function MemberRow({
  member,
  isMe,
  canManage,
  pendingRole,
  failure,
  onRole,
  onRemove,
}: {
  member: WorkspaceMember;
  isMe: boolean;
  canManage: boolean;
  /** The role being saved, shown while the server answers. */
  pendingRole: WorkspaceRole | null;
  failure: string | null;
  onRole: (role: WorkspaceRole) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('workspaces');
  const selectId = useId();
  const failureId = useId();
  return (
    <li className="space-y-3 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">
            {member.name}
            {isMe && <span className="font-normal text-slate-600">{t('members.you')}</span>}
          </p>
          <p className="text-sm break-all text-slate-600">{member.email}</p>
          <p className="text-xs text-slate-600">{t('members.joined', { date: formatDateTime(member.joinedAt) })}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {canManage ? (
            <div className="flex items-center gap-2">
              <label htmlFor={selectId} className="sr-only">
                {t('members.roleOf', { name: member.name })}
              </label>
              <Select
                id={selectId}
                value={pendingRole ?? member.role}
                disabled={pendingRole !== null}
                aria-describedby={failure ? failureId : undefined}
                onChange={(event) => onRole(event.target.value as WorkspaceRole)}
                className="w-full sm:w-36"
              >
                {WORKSPACE_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {roleLabel(role)}
                  </option>
                ))}
              </Select>
            </div>
          ) : (
            <Badge tone={member.role === 'owner' ? 'accent' : 'neutral'} className="self-start sm:self-center">
              {roleLabel(member.role)}
            </Badge>
          )}
          {isMe ? (
            <Button variant="danger-secondary" size="sm" onClick={onRemove}>
              {t('members.leave')}
            </Button>
          ) : (
            canManage && (
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('members.removeLabel', { name: member.name })}
                onClick={onRemove}
              >
                {t('members.remove')}
              </Button>
            )
          )}
        </div>
      </div>
      {failure && (
        <p id={failureId} role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
    </li>
  );
}
