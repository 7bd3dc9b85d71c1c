import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Link2Off, Loader2, LogIn, LogOut, Mail, UserPlus, Users } from 'lucide-react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import type { InvitationPreview, Workspace, WorkspaceListResponse } from '@quorum/contract';
import { AuthCard, AuthOutcome } from '@/components/auth-card';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { JoinedWorkspaceState } from '@/components/workspace-switcher';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { storeWorkspace } from '@/lib/current-workspace';
import { formatDateTime } from '@/lib/format';
import { workspaceKeys } from '@/lib/query-keys';
import { forgetInvitationPath, NEXT_PARAM, rememberInvitationPath } from '@/lib/return-path';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitation';
import { useSignOutOnServer } from '../api/sign-out';
import { nameOf } from '../lib/people';
import { roleDescription, roleLabel } from '../lib/roles';

/** The server's codes for an invitation link that cannot be used. */
const DEAD_LINK_CODES = ['INVITATION_NOT_FOUND', 'INVITATION_EXPIRED', 'INVITATION_USED'] as const;
type DeadLinkCode = (typeof DEAD_LINK_CODES)[number];

function deadLink(error: unknown): DeadLinkCode | null {
  if (!(error instanceof ApiError) || !error.code) return null;
  return DEAD_LINK_CODES.find((code) => code === error.code) ?? null;
}

/**
 * What a dead link's page says: its title, and the error's own text (the contract's, in the interface's language)
 * with what to do.
 */
function deadLinkTexts(code: DeadLinkCode, t: TFunction<'workspaces'>): { title: string; message: string } {
  const error = t(`contract:errors.${code}`);
  switch (code) {
    case 'INVITATION_NOT_FOUND':
      return { title: t('invitation.notFoundTitle'), message: t('invitation.notFoundBody', { error }) };
    case 'INVITATION_EXPIRED':
      return { title: t('invitation.expiredTitle'), message: error };
    case 'INVITATION_USED':
      return { title: t('invitation.usedTitle'), message: t('invitation.usedBody', { error }) };
  }
}

/**
 * An invitation to a team workspace, opened from its mail (`/invitations/:token`), signed in or not. It says who
 * invited whom to which workspace as what, until when. Signed out: sign in or create an account, and come back
 * here after (the address is kept in this browser through the registration's verification mail). Signed in with
 * the invited email: Accept, then the dashboard on the workspace joined. Signed in with another: why not, and
 * Sign out. A link revoked, expired or used says so.
 */
export function InvitationPage() {
  const { t } = useTranslation('workspaces');
  useDocumentTitle(t('invitation.documentTitle'));
  const { token = '' } = useParams();
  const { state } = useSession();
  const preview = useInvitationPreview(token);
  const [acceptDeadLink, setAcceptDeadLink] = useState<ReturnType<typeof deadLink>>(null);
  const outcome = useRef<HTMLHeadingElement>(null);
  const dead = acceptDeadLink ?? (preview.isError ? deadLink(preview.error) : null);

  // Back here signed in: the kept address has served.
  useEffect(() => {
    if (state.status === 'signed-in') forgetInvitationPath();
  }, [state.status]);

  useEffect(() => {
    if (dead) outcome.current?.focus();
  }, [dead]);

  const signedIn = state.status === 'signed-in';
  const home = signedIn ? (
    <Link to={paths.user.dashboard.getHref()} className={buttonClasses('secondary', 'lg', 'w-full')}>
      {t('invitation.goToDashboard')}
    </Link>
  ) : (
    <Link to={paths.auth.login.getHref()} className={buttonClasses('secondary', 'lg', 'w-full')}>
      {t('invitation.signIn')}
    </Link>
  );

  if (dead) {
    const { title, message } = deadLinkTexts(dead, t);
    return (
      <AuthOutcome ref={outcome} role="alert" tone="danger" icon={<Link2Off />} title={title} action={home}>
        <p className="mt-3 text-sm text-slate-600">{message}</p>
      </AuthOutcome>
    );
  }

  if (preview.isError) {
    return (
      <AuthOutcome role="alert" tone="danger" icon={<Link2Off />} title={t('invitation.title')} action={home}>
        <p className="mt-3 text-sm text-slate-600">{errorMessage(preview.error, t('invitation.loadFailed'))}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void preview.refetch()}>
          {t('invitation.tryAgain')}
        </Button>
      </AuthOutcome>
    );
  }

  if (preview.isPending || state.status === 'loading') {
    return (
      <Card className="p-6 text-center sm:p-8">
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-4">
          <Loader2 className="size-8 animate-spin text-accent-600" aria-hidden="true" />
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t('invitation.loading')}</h1>
        </div>
      </Card>
    );
  }

  const invitation = preview.data;
  return (
    <AuthCard
      icon={<Users />}
      title={t('invitation.join', { workspace: invitation.workspace.name })}
      description={<Offer invitation={invitation} />}
    >
      <InvitationDetails invitation={invitation} />
      <div className="mt-6">
        {state.status === 'signed-out' ? (
          <SignedOutChoices />
        ) : (
          <SignedInChoices invitation={invitation} token={token} onDeadLink={setAcceptDeadLink} />
        )}
      </div>
    </AuthCard>
  );
}

function Offer({ invitation }: { invitation: InvitationPreview }) {
  const { t } = useTranslation('workspaces');
  return (
    <Trans
      t={t}
      i18nKey="invitation.offer"
      values={{
        who: nameOf(invitation.invitedBy, t('invitation.someone')),
        workspace: invitation.workspace.name,
        role: invitation.role,
      }}
      components={{ strong: <strong className="font-semibold text-slate-900" /> }}
    />
  );
}

function InvitationDetails({ invitation }: { invitation: InvitationPreview }) {
  const { t } = useTranslation('workspaces');
  return (
    <dl className="space-y-3 rounded-control border border-slate-200 bg-slate-50 p-4 text-sm">
      <Detail icon={<Mail />} term={t('invitation.invitedEmail')}>
        <span className="break-all">{invitation.email}</span>
      </Detail>
      <Detail icon={<Users />} term={t('invitation.role')}>
        {t('invitation.roleWithDescription', {
          role: roleLabel(invitation.role),
          description: roleDescription(invitation.role),
        })}
      </Detail>
      <Detail icon={<CalendarClock />} term={t('invitation.validUntil')}>
        {formatDateTime(invitation.expiresAt)}
      </Detail>
    </dl>
  );
}

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 font-medium text-slate-800">
        <span aria-hidden="true" className="text-slate-500 [&_svg]:size-4">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="pl-6 text-slate-700">{children}</dd>
    </div>
  );
}

/** Sign in or register, coming back here after (by `?next=`, and kept in this browser for the registration). */
function SignedOutChoices() {
  const { t } = useTranslation('workspaces');
  const { pathname } = useLocation();
  const next = new URLSearchParams({ [NEXT_PARAM]: pathname }).toString();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t('invitation.signedOutHint')}</p>
      <Link
        to={`${paths.auth.login.getHref()}?${next}`}
        onClick={() => rememberInvitationPath(pathname)}
        className={buttonClasses('primary', 'lg', 'w-full')}
      >
        <LogIn className="size-4" aria-hidden="true" />
        {t('invitation.signInToAccept')}
      </Link>
      <Link
        to={`${paths.auth.register.getHref()}?${next}`}
        onClick={() => rememberInvitationPath(pathname)}
        className={buttonClasses('secondary', 'lg', 'w-full')}
      >
        <UserPlus className="size-4" aria-hidden="true" />
        {t('invitation.createAccount')}
      </Link>
    </div>
  );
}

function SignedInChoices({
  invitation,
  token,
  onDeadLink,
}: {
  invitation: InvitationPreview;
  token: string;
  onDeadLink: (dead: ReturnType<typeof deadLink>) => void;
}) {
  const { t } = useTranslation('workspaces');
  const { state, signOut } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitation(token);
  const serverSignOut = useSignOutOnServer();
  const [failure, setFailure] = useState<string | null>(null);
  if (state.status !== 'signed-in') return null;
  const { session } = state;

  const sameEmail =
    session.userType === 'user' && session.user.email.trim().toLowerCase() === invitation.email.trim().toLowerCase();

  const onSignOut = async () => {
    await serverSignOut.mutateAsync(session.userType).catch(() => undefined);
    rememberInvitationPath(pathname);
    signOut();
    queryClient.clear();
    await navigate(`${paths.auth.login.getHref()}?${new URLSearchParams({ [NEXT_PARAM]: pathname }).toString()}`);
  };

  const onAccept = async () => {
    setFailure(null);
    try {
      const workspace = await accept.mutateAsync();
      queryClient.setQueryData<WorkspaceListResponse>(workspaceKeys.list(), (list) =>
        list && !list.workspaces.some((w: Workspace) => w.id === workspace.id)
          ? { ...list, workspaces: [...list.workspaces, workspace] }
          : list,
      );
      storeWorkspace(workspace.id);
      const joined: JoinedWorkspaceState = { joinedWorkspace: workspace.name };
      await navigate(`${paths.user.dashboard.getHref()}?workspace=${encodeURIComponent(workspace.id)}`, {
        state: joined,
      });
    } catch (error) {
      const dead = deadLink(error);
      if (dead) onDeadLink(dead);
      else setFailure(errorMessage(error, t('invitation.acceptFailed')));
    }
  };

  if (!sameEmail) {
    const why =
      session.userType === 'admin'
        ? t('invitation.adminCannotJoin')
        : t('contract:errors.INVITATION_EMAIL_MISMATCH', { email: invitation.email });
    return (
      <div className="space-y-3">
        <Banner tone="warning">
          {why}{' '}
          {session.userType === 'user' && (
            <Trans
              t={t}
              i18nKey="invitation.signedInAs"
              values={{ email: session.user.email }}
              components={{ strong: <strong className="font-semibold break-all" /> }}
            />
          )}
        </Banner>
        <Button size="lg" className="w-full" loading={serverSignOut.isPending} onClick={() => void onSignOut()}>
          <LogOut className="size-4" aria-hidden="true" />
          {t('invitation.signOut')}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      {failure && <Banner tone="error">{failure}</Banner>}
      <Button size="lg" className="w-full" loading={accept.isPending} onClick={() => void onAccept()}>
        {accept.isPending ? t('invitation.joining') : t('invitation.accept')}
      </Button>
      <Link to={paths.user.dashboard.getHref()} className={buttonClasses('ghost', 'md', 'w-full')}>
        {t('invitation.notNow')}
      </Link>
    </div>
  );
}
