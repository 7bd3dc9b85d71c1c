import { useId } from 'react';
import { Archive } from 'lucide-react';
import { QUESTION_TYPES, type QuestionResult } from '@quorum/contract';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatCount, plural } from '@/lib/format';
import { questionResultOf } from '@/question-types/results';

/**
 * One question of a shared report, as its type shows results on the owner's screen, from the report alone: no
 * responses are read, so answer lists show the report's own texts (`textAnswers`), when the owner included them.
 */
export function SharedQuestionCard({ question, number }: { question: QuestionResult; number: number }) {
  const labelId = useId();
  const { Result } = questionResultOf(question.type);
  return (
    <Card
      className={cn('print-block overflow-hidden', question.isDeleted && 'border-dashed bg-slate-50/60')}
      aria-labelledby={labelId}
      role="region"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h3 id={labelId} className="text-base font-semibold break-words text-slate-900">
            <span className="mr-2 text-accent-700">Q{number}</span>
            {question.text}
            {question.isDeleted && <span className="sr-only"> (deleted question)</span>}
          </h3>
          {question.description && (
            <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{question.description}</p>
          )}
          <p className="mt-0.5 text-sm text-slate-600">
            {QUESTION_TYPES[question.type].label} · {plural(question.answeredCount, 'answer', 'answers')}
            {!question.required && ' · Optional'}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">
            Answered by {formatCount(question.answeredCount)} of {formatCount(question.seenCount)} who saw it
          </p>
        </div>
        {question.isDeleted && (
          <Badge tone="warning" className="gap-1">
            <Archive className="size-3.5" aria-hidden="true" />
            Deleted question
          </Badge>
        )}
      </div>
      <div className="px-5 py-5 sm:px-6">
        <Result surveyId="" question={question} labelId={labelId} />
      </div>
    </Card>
  );
}
