import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/** The shape of the dashboard while the list loads. */
export function DashboardSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <div role="status" aria-live="polite" className="space-y-8">
      <span className="sr-only">{t('page.loading')}</span>
      {[3, 2].map((cards, section) => (
        <div key={section} className="space-y-3">
          <Skeleton className="h-6 w-32" />
          {Array.from({ length: cards }, (_, i) => (
            <div key={i} className="flex items-center gap-4 rounded-card border border-slate-200 bg-white px-4 py-4">
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-2/3 sm:w-1/3" />
                <Skeleton className="h-3 w-24" />
              </div>
              <Skeleton className="h-5 w-14 rounded-full" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
