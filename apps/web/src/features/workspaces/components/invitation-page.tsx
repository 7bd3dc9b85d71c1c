import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Link2Off, Loader2, LogIn, LogOut, Mail, UserPlus, Users } from 'lucide-react';
import {
  ERROR_MESSAGES,
  formatMessage,
  type InvitationPreview,
  type Workspace,
  type WorkspaceListResponse,
} from '@quorum/contract';
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
import { ROLE_DESCRIPTIONS, ROLE_LABELS, withArticle } from '../lib/roles';

const LOAD_FAILED = 'Could not load the invitation. Please try again.';
const ACCEPT_FAILED = 'Could not accept the invitation. Please try again.';

/** An invitation link that cannot be used, by the server's code: its title and what to say. */
const DEAD_LINKS: Readonly<Record<string, { title: string; message: string }>> = {
  INVITATION_NOT_FOUND: {
    title: 'Invitation not valid',
    message: `${ERROR_MESSAGES.INVITATION_NOT_FOUND}. It may have been revoked: ask the person who invited you for a new one.`,
  },
  INVITATION_EXPIRED: { title: 'Invitation expired', message: ERROR_MESSAGES.INVITATION_EXPIRED },
  INVITATION_USED: {
    title: 'Invitation already used',
    message: `${ERROR_MESSAGES.INVITATION_USED}. If you accepted it, the workspace is in your workspace list.`,
  },
};

function deadLink(error: unknown) {
  if (!(error instanceof ApiError) || !error.code) return null;
  return DEAD_LINKS[error.code] ?? null;
}

/**
 * An invitation to a team workspace, opened from its mail (`/invitations/:token`), signed in or not. It says who
 * invited whom to which workspace as what, until when. Signed out: sign in or create an account, and come back
 * here after (the address is kept in this browser through the registration's verification mail). Signed in with
 * the invited email: Accept, then the dashboard on the workspace joined. Signed in with another: why not, and
 * Sign out. A link revoked, expired or used says so.
 */
export function InvitationPage() {
  useDocumentTitle('Invitation');
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
      Go to the dashboard
    </Link>
  ) : (
    <Link to={paths.auth.login.getHref()} className={buttonClasses('secondary', 'lg', 'w-full')}>
      Sign in
    </Link>
  );

  if (dead) {
    return (
      <AuthOutcome ref={outcome} role="alert" tone="danger" icon={<Link2Off />} title={dead.title} action={home}>
        <p className="mt-3 text-sm text-slate-600">{dead.message}</p>
      </AuthOutcome>
    );
  }

  if (preview.isError) {
    return (
      <AuthOutcome role="alert" tone="danger" icon={<Link2Off />} title="Invitation" action={home}>
        <p className="mt-3 text-sm text-slate-600">{errorMessage(preview.error, LOAD_FAILED)}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </AuthOutcome>
    );
  }

  if (preview.isPending || state.status === 'loading') {
    return (
      <Card className="p-6 text-center sm:p-8">
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-4">
          <Loader2 className="size-8 animate-spin text-accent-600" aria-hidden="true" />
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Loading the invitation...</h1>
        </div>
      </Card>
    );
  }

  const invitation = preview.data;
  return (
    <AuthCard
      icon={<Users />}
      title={`Join ${invitation.workspace.name}`}
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
  const who = nameOf(invitation.invitedBy, 'Someone');
  return (
    <>
      {who} invited you to join <strong className="font-semibold text-slate-900">{invitation.workspace.name}</strong> as{' '}
      {withArticle(invitation.role)}.
    </>
  );
}

function InvitationDetails({ invitation }: { invitation: InvitationPreview }) {
  return (
    <dl className="space-y-3 rounded-control border border-slate-200 bg-slate-50 p-4 text-sm">
      <Detail icon={<Mail />} term="Invited email">
        <span className="break-all">{invitation.email}</span>
      </Detail>
      <Detail icon={<Users />} term="Role">
        {ROLE_LABELS[invitation.role]}: {ROLE_DESCRIPTIONS[invitation.role]}
      </Detail>
      <Detail icon={<CalendarClock />} term="Valid until">
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
  const { pathname } = useLocation();
  const next = new URLSearchParams({ [NEXT_PARAM]: pathname }).toString();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">Sign in with the invited email to accept, or create an account with it.</p>
      <Link
        to={`${paths.auth.login.getHref()}?${next}`}
        onClick={() => rememberInvitationPath(pathname)}
        className={buttonClasses('primary', 'lg', 'w-full')}
      >
        <LogIn className="size-4" aria-hidden="true" />
        Sign in to accept
      </Link>
      <Link
        to={`${paths.auth.register.getHref()}?${next}`}
        onClick={() => rememberInvitationPath(pathname)}
        className={buttonClasses('secondary', 'lg', 'w-full')}
      >
        <UserPlus className="size-4" aria-hidden="true" />
        Create an account
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
      else setFailure(errorMessage(error, ACCEPT_FAILED));
    }
  };

  if (!sameEmail) {
    const why =
      session.userType === 'admin'
        ? 'Administrators cannot join workspaces. Sign out and sign in with the invited email to accept.'
        : formatMessage(ERROR_MESSAGES.INVITATION_EMAIL_MISMATCH, { email: invitation.email });
    return (
      <div className="space-y-3">
        <Banner tone="warning">
          {why}{' '}
          {session.userType === 'user' && (
            <>
              You are signed in as <strong className="font-semibold break-all">{session.user.email}</strong>.
            </>
          )}
        </Banner>
        <Button size="lg" className="w-full" loading={serverSignOut.isPending} onClick={() => void onSignOut()}>
          <LogOut className="size-4" aria-hidden="true" />
          Sign out
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      {failure && <Banner tone="error">{failure}</Banner>}
      <Button size="lg" className="w-full" loading={accept.isPending} onClick={() => void onAccept()}>
        {accept.isPending ? 'Joining...' : 'Accept invitation'}
      </Button>
      <Link to={paths.user.dashboard.getHref()} className={buttonClasses('ghost', 'md', 'w-full')}>
        Not now
      </Link>
    </div>
  );
}
