import { Construction } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A screen still to come: "{feature} Coming Soon!" and a stay-tuned line, under the screen's title. */
export function PlaceholderPage({ feature, title }: { feature: string; title: string }) {
  useDocumentTitle(title);
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader title={title} />
      <Card>
        <EmptyState
          className="py-16 sm:py-20"
          icon={<Construction aria-hidden="true" />}
          title={`${feature} Coming Soon!`}
        >
          We&apos;re working hard to bring you this feature. Stay tuned for updates!
        </EmptyState>
      </Card>
    </div>
  );
}
