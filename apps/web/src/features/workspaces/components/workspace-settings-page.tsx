import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Lock, Plus, SearchX, TriangleAlert } from 'lucide-react';
import { roleCan, type Workspace } from '@quorum/contract';
import { NewWorkspaceDialog } from '@/components/new-workspace-dialog';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { storeWorkspace, useWorkspaces } from '@/lib/current-workspace';
import { plural } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ROLE_LABELS } from '../lib/roles';
import { DeleteWorkspaceSection } from './delete-workspace-section';
import { InvitationsSection } from './invitations-section';
import { MembersSection } from './members-section';
import { RenameWorkspaceForm } from './rename-workspace-form';

const LOAD_FAILED = 'Could not load your workspaces. Please try again.';

/**
 * A workspace's settings (`/workspaces/:workspaceId`), for its members: its name (owners rename it), its members
 * (owners change roles and remove; everyone may leave), its pending invitations (owners invite and revoke) and,
 * for owners, deleting it. The personal workspace's page says it is private and offers a new workspace instead.
 */
export function WorkspaceSettingsPage() {
  const { workspaceId = '' } = useParams();
  const { state } = useSession();
  const workspaces = useWorkspaces();
  const workspace = workspaces.data?.workspaces.find((w) => w.id === workspaceId);
  const personalId = state.status === 'signed-in' ? state.session.user.id : null;
  useDocumentTitle(workspace && !workspace.personal ? `${workspace.name} · Workspace` : 'Workspace');

  if (workspaceId === personalId || workspace?.personal) return <PersonalWorkspace />;

  if (workspaces.isPending) {
    return (
      <section className="max-w-3xl space-y-6" aria-busy="true">
        <p role="status" className="sr-only">
          Loading the workspace...
        </p>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </section>
    );
  }

  if (workspaces.isError) {
    return (
      <Card className="max-w-3xl">
        <EmptyState
          tone="danger"
          icon={<TriangleAlert />}
          title="Could not load the workspace"
          action={
            <Button variant="secondary" onClick={() => void workspaces.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(workspaces.error, LOAD_FAILED)}
        </EmptyState>
      </Card>
    );
  }

  if (!workspace) {
    return (
      <Card className="max-w-3xl">
        <EmptyState
          tone="neutral"
          icon={<SearchX />}
          title="Workspace not found"
          action={
            <Link to={paths.user.dashboard.getHref()} className={buttonClasses('secondary')}>
              Go to the dashboard
            </Link>
          }
        >
          It does not exist, or you are not a member of it.
        </EmptyState>
      </Card>
    );
  }

  return <TeamWorkspace key={workspace.id} workspace={workspace} />;
}

function TeamWorkspace({ workspace }: { workspace: Workspace }) {
  const isOwner = roleCan(workspace.role, 'manage-members');
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="max-w-3xl space-y-6">
      <PageHeader
        title={<span className="break-words">{workspace.name}</span>}
        description={`Team workspace · ${plural(workspace.memberCount, 'member', 'members')} · You are ${ROLE_LABELS[workspace.role].toLowerCase()}`}
        actions={
          <Link
            to={`${paths.user.dashboard.getHref()}?workspace=${encodeURIComponent(workspace.id)}`}
            className={buttonClasses('secondary')}
          >
            Open its surveys
          </Link>
        }
      />
      {notice && (
        <Banner tone="success" onClose={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
      {isOwner && (
        <Card className="px-5 py-6 sm:px-6">
          <RenameWorkspaceForm
            workspace={workspace}
            onRenamed={(name) => setNotice(`The workspace is now called ${name}.`)}
          />
        </Card>
      )}
      <Card className="px-5 py-6 sm:px-6">
        <MembersSection workspace={workspace} />
      </Card>
      {isOwner && (
        <Card className="px-5 py-6 sm:px-6">
          <InvitationsSection workspace={workspace} />
        </Card>
      )}
      {isOwner && (
        <Card className="border-red-200 px-5 py-6 sm:px-6">
          <DeleteWorkspaceSection workspace={workspace} />
        </Card>
      )}
    </section>
  );
}

function PersonalWorkspace() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  useDocumentTitle('Personal workspace');
  return (
    <section className="max-w-3xl space-y-6">
      <PageHeader title="Personal" description="Your personal workspace" />
      <Card>
        <EmptyState
          icon={<Lock />}
          title="Your personal workspace is private"
          action={
            <Button onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" />
              New workspace
            </Button>
          }
        >
          Only you see the surveys in it, and it cannot be shared, renamed or deleted. To work with others, create a
          workspace and invite them.
        </EmptyState>
      </Card>
      <NewWorkspaceDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(created) => {
          setCreating(false);
          storeWorkspace(created.id);
          void navigate(paths.user.workspace.getHref({ workspaceId: created.id }));
        }}
      />
    </section>
  );
}
