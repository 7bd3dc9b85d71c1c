import { useTranslation } from 'react-i18next';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ResultsPage } from '@/features/results/components/results-page';

// The Integrations tab's code loads when the tab is first opened.
const IntegrationsPanel = lazy(async () => ({
  default: (await import('@/features/integrations/components/integrations-panel')).IntegrationsPanel,
}));

/** The owner's results screen: the results feature's page with the integrations feature's tab. */
export function SurveyResultsPage() {
  const { t } = useTranslation('common');
  const { surveyId = '' } = useParams();
  return (
    <ResultsPage
      integrations={
        <Suspense fallback={<Spinner label={t('surveyResults.loadingIntegrations')} className="justify-start p-0" />}>
          <IntegrationsPanel surveyId={surveyId} />
        </Suspense>
      }
    />
  );
}
