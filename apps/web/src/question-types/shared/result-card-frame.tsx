import { useId, type ReactNode } from 'react';
import { Archive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { QuestionResult } from '@quorum/contract';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { useQuestionTypeLabel } from './type-label';

/**
 * The card around one question's results, on the owner's screen and in a shared report alike: "Q{n}" and the text
 * as its heading (the region's name), help text, type and answer count, "answered by n of m who saw it", and a mark
 * on deleted questions. `children` gets the heading's id, for the type's results part.
 */
export function ResultCardFrame({
  question,
  number,
  children,
}: {
  question: QuestionResult;
  number: number;
  children: (labelId: string) => ReactNode;
}) {
  const labelId = useId();
  const { t } = useTranslation('results');
  const typeLabel = useQuestionTypeLabel();
  return (
    <Card
      className={cn('print-block overflow-hidden', question.isDeleted && 'border-dashed bg-slate-50/60')}
      aria-labelledby={labelId}
      role="region"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h3 id={labelId} className="text-base font-semibold break-words text-slate-900">
            <span className="me-2 text-accent-700">{t('cards.frame.number', { number })}</span>
            {question.text}
            {question.isDeleted && <span className="sr-only"> {t('cards.frame.deletedMark')}</span>}
          </h3>
          {question.description && (
            <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{question.description}</p>
          )}
          <p className="mt-0.5 text-sm text-slate-600">
            {typeLabel(question.type)} · {t('cards.frame.answers', { count: question.answeredCount })}
            {!question.required && ` · ${t('cards.frame.optional')}`}
          </p>
          <p className="mt-0.5 text-sm text-slate-600" data-testid="answered-of-seen">
            {t('cards.frame.answeredOfSeen', { answered: question.answeredCount, seen: question.seenCount })}
          </p>
        </div>
        {question.isDeleted && (
          <Badge tone="warning" className="gap-1">
            <Archive className="size-3.5" aria-hidden="true" />
            {t('cards.frame.deleted')}
          </Badge>
        )}
      </div>
      <div className="px-5 py-5 sm:px-6">{children(labelId)}</div>
    </Card>
  );
}
