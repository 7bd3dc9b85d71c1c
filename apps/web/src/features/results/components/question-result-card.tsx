import { useId } from 'react';
import { Archive } from 'lucide-react';
import { QUESTION_TYPES, type QuestionResult, type ResultsFilter } from '@quorum/contract';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatCount, plural } from '@/lib/format';
import { questionResultOf } from '@/question-types/results';
import { useResponses } from '../api/get-responses';
import { TextInsights } from './text-insights';

/** One question's results, as its type shows them (a pie and a table, an average and bars, the latest answers). */
export function QuestionResultCard({
  surveyId,
  question,
  number,
  filter,
}: {
  surveyId: string;
  question: QuestionResult;
  number: number;
  /** The results filter: the answers a card lists are those of the matching responses. */
  filter?: ResultsFilter;
}) {
  const labelId = useId();
  // The type's results part shows the numbers; the responses are read only for a part that lists answers.
  const { Result, readsResponses } = questionResultOf(question.type);
  const responses = useResponses(surveyId, { filter, enabled: readsResponses(question) });
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
          <p className="mt-0.5 text-sm text-slate-600" data-testid="answered-of-seen">
            {answeredOfSeen(question)}
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
        <Result
          surveyId={surveyId}
          question={question}
          labelId={labelId}
          responses={responses}
          Insights={TextInsights}
        />
      </div>
    </Card>
  );
}

/** "Answered by n of m who saw it": the respondents whose path held the question, answered or skipped. */
function answeredOfSeen(question: Pick<QuestionResult, 'answeredCount' | 'seenCount'>): string {
  return `Answered by ${formatCount(question.answeredCount)} of ${formatCount(question.seenCount)} who saw it`;
}
