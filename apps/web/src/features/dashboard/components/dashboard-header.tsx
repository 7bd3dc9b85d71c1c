import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus, TriangleAlert } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import type { DashboardWorkspace } from '../hooks/use-dashboard-workspace';

/** "New survey", in amber with a warning icon (described by the limit warning) once no more can be launched. */
function CreateSurveyLink({
  href,
  atLimit,
  limitWarningId,
}: {
  href: string;
  atLimit: boolean;
  limitWarningId: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Link
      to={href}
      aria-describedby={atLimit ? limitWarningId : undefined}
      className={
        atLimit
          ? 'inline-flex h-10 items-center justify-center gap-2 rounded-control border border-amber-300 bg-amber-50 px-4 text-sm font-medium whitespace-nowrap text-amber-900 shadow-sm transition-colors hover:border-amber-400 hover:bg-amber-100'
          : buttonClasses('primary')
      }
    >
      {atLimit ? (
        <TriangleAlert className="size-4" aria-hidden="true" />
      ) : (
        <Plus className="size-4" aria-hidden="true" />
      )}
      {t('page.createNew')}
    </Link>
  );
}

/** The page's title, naming the team workspace shown, with "New survey" for those who may make one there. */
export function DashboardHeader({ place, limitWarningId }: { place: DashboardWorkspace; limitWarningId: string }) {
  const { t } = useTranslation('dashboard');
  const { isPersonal, workspace } = place;
  return (
    <PageHeader
      title={t('page.title')}
      description={
        isPersonal || !workspace ? t('page.description') : t('page.workspaceDescription', { workspace: workspace.name })
      }
      actions={
        place.canCreate && (
          <CreateSurveyLink href={place.createHref} atLimit={place.atLimit} limitWarningId={limitWarningId} />
        )
      }
    />
  );
}
