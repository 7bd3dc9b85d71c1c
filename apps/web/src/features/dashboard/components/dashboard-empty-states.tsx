import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClipboardList, Plus, RefreshCw, SearchX, TriangleAlert } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** The list could not be loaded: Try again, which spins while it asks. */
export function LoadFailedState({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState
      tone="danger"
      className="rounded-card border border-slate-200 bg-white"
      icon={<TriangleAlert aria-hidden="true" />}
      title={t('page.loadFailedTitle')}
      action={
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          <RefreshCw className={retrying ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
          {t('page.tryAgain')}
        </Button>
      }
    >
      {t('page.loadFailedBody')}
    </EmptyState>
  );
}

/** No survey matches the search or the filter: both can be cleared at once. */
export function NoMatchState({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState
      className="rounded-card border border-dashed border-slate-300 bg-white"
      icon={<SearchX aria-hidden="true" />}
      title={t('page.noMatchTitle')}
      action={
        <Button variant="secondary" onClick={onClear}>
          {t('page.clearSearchAndFilter')}
        </Button>
      }
    >
      {t('page.noMatchBody')}
    </EmptyState>
  );
}

/** The workspace has no survey yet: those who may make one are invited to; a viewer is told there is none. */
export function NoSurveysState({ canCreate, createHref }: { canCreate: boolean; createHref: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState
      className="rounded-card border border-dashed border-slate-300 bg-white"
      icon={<ClipboardList aria-hidden="true" />}
      title={canCreate ? t('page.firstSurveyTitle') : t('page.noSurveysTitle')}
      action={
        canCreate ? (
          <Link to={createHref} className={buttonClasses('primary')}>
            <Plus className="size-4" aria-hidden="true" />
            {t('page.createNew')}
          </Link>
        ) : undefined
      }
    >
      {canCreate ? t('page.firstSurveyBody') : t('page.noSurveysBody')}
    </EmptyState>
  );
}
