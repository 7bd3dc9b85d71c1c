import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Lock, Plus, SearchX, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { can, type Workspace } from '@quorum/contract';
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
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DeleteWorkspaceSection } from './delete-workspace-section';
import { InvitationsSection } from './invitations-section';
import { MembersSection } from './members-section';
import { RenameWorkspaceForm } from './rename-workspace-form';

/**
 * A workspace's settings (`/workspaces/:workspaceId`), for its members: its name (owners rename it), its members
 * (owners change roles and remove; everyone may leave), its pending invitations (owners invite and revoke) and,
 * for owners, deleting it. The personal workspace's page says it is private and offers a new workspace instead.
 */
export function WorkspaceSettingsPage() {
  const { t } = useTranslation('workspaces');
  const { workspaceId = '' } = useParams();
  const { state } = useSession();
  const workspaces = useWorkspaces();
  const workspace = workspaces.data?.workspaces.find((w) => w.id === workspaceId);
  const personalId = state.status === 'signed-in' ? state.session.user.id : null;
  useDocumentTitle(
    workspace && !workspace.personal
      ? t('settings.documentTitle', { name: workspace.name })
      : t('settings.documentTitleBare'),
  );

  if (workspaceId === personalId || workspace?.personal) return <PersonalWorkspace />;

  if (workspaces.isPending) {
    return (
      <section className="max-w-3xl space-y-6" aria-busy="true">
        <p role="status" className="sr-only">
          {t('settings.loading')}
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
          title={t('settings.loadFailedTitle')}
          action={
            <Button variant="secondary" onClick={() => void workspaces.refetch()}>
              {t('settings.tryAgain')}
            </Button>
          }
        >
          {errorMessage(workspaces.error, t('settings.loadFailed'))}
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
          title={t('settings.notFoundTitle')}
          action={
            <Link to={paths.user.dashboard.getHref()} className={buttonClasses('secondary')}>
              {t('settings.goToDashboard')}
            </Link>
          }
        >
          {t('settings.notFoundBody')}
        </EmptyState>
      </Card>
    );
  }

  return <TeamWorkspace key={workspace.id} workspace={workspace} />;
}

function TeamWorkspace({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation('workspaces');
  const isOwner = can(workspace.role, 'manage-workspace');
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="max-w-3xl space-y-6">
      <PageHeader
        title={<span className="break-words">{workspace.name}</span>}
        description={t('settings.description', { count: workspace.memberCount, role: workspace.role })}
        actions={
          <Link
            to={`${paths.user.dashboard.getHref()}?workspace=${encodeURIComponent(workspace.id)}`}
            className={buttonClasses('secondary')}
          >
            {t('settings.openSurveys')}
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
          <RenameWorkspaceForm workspace={workspace} onRenamed={(name) => setNotice(t('settings.renamed', { name }))} />
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
  const { t } = useTranslation('workspaces');
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  useDocumentTitle(t('personal.documentTitle'));
  return (
    <section className="max-w-3xl space-y-6">
      <PageHeader title={t('personal.title')} description={t('personal.description')} />
      <Card>
        <EmptyState
          icon={<Lock />}
          title={t('personal.privateTitle')}
          action={
            <Button onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" />
              {t('personal.newWorkspace')}
            </Button>
          }
        >
          {t('personal.privateBody')}
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
