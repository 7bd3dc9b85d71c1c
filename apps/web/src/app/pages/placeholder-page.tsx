import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

type Feature = 'surveys' | 'respondents' | 'analytics';

/**
 * A screen still to come: "{feature} Coming Soon!" and a stay-tuned line, under the screen's title (the
 * administrators' area names its screens differently: "Surveys Overview").
 */
export function PlaceholderPage({ feature, admin = false }: { feature: Feature; admin?: boolean }) {
  const { t } = useTranslation('common');
  const title = t(`placeholder.${feature}.${admin ? 'adminTitle' : 'title'}`);
  useDocumentTitle(title);
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader title={title} />
      <Card>
        <EmptyState
          className="py-16 sm:py-20"
          icon={<Construction aria-hidden="true" />}
          title={t(`placeholder.${feature}.comingSoon`)}
        >
          {t('placeholder.stayTuned')}
        </EmptyState>
      </Card>
    </div>
  );
}
