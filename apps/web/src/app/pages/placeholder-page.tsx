import { Construction } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { useDocumentTitle } from '../../lib/use-document-title';

/** "{feature} Coming Soon!" (section 2). */
export function PlaceholderPage({ feature, title }: { feature: string; title: string }) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="placeholder-title">
      <h1 id="placeholder-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <EmptyState icon={<Construction className="size-10" aria-hidden="true" />} title={`${feature} Coming Soon!`}>
        We&apos;re working hard to bring you this feature. Stay tuned for updates!
      </EmptyState>
    </section>
  );
}
