import { useId, type ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';

/**
 * A collapsible group of survey cards with its count in the header. The toggle is named by what it shows,
 * the count followed by a word only screen readers get: "Active 3 surveys".
 */
export function SurveySection({
  label,
  count,
  open,
  onToggle,
  children,
}: {
  label: string;
  count: number;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const { t } = useTranslation('dashboard');
  return (
    <Collapsible asChild open={open} onOpenChange={onToggle}>
      <section aria-labelledby={`${id}-heading`} className="space-y-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          <CollapsibleTrigger className="-mx-2 inline-flex items-center gap-2 rounded-lg px-2 py-1 hover:bg-slate-100">
            <ChevronRight
              className={cn('size-4 text-slate-500 transition-transform', open ? 'rotate-90' : 'rtl:-scale-x-100')}
              aria-hidden="true"
            />
            {label}{' '}
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {count} <span className="sr-only">{t('sections.count', { count })}</span>
            </span>
          </CollapsibleTrigger>
        </h2>
        <CollapsibleContent>
          {count === 0 ? (
            <p className="rounded-card border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              {t('sections.empty')}
            </p>
          ) : (
            <ul className="space-y-3">{children}</ul>
          )}
        </CollapsibleContent>
      </section>
    </Collapsible>
  );
}
