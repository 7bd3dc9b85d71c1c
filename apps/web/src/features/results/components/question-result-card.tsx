import { useId } from 'react';
import { Archive } from 'lucide-react';
import { QUESTION_TYPE_LABELS, type QuestionResult } from '@quorum/contract';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ChoiceResult } from './choice-chart';
import { plural } from './format';
import { RatingResult } from './rating-result';
import { TextAnswers } from './text-answers';

/** One question's results: choice → pie and table, rating → average and bars, text → latest answers. */
export function QuestionResultCard({
  surveyId,
  question,
  number,
}: {
  surveyId: string;
  question: QuestionResult;
  number: number;
}) {
  const labelId = useId();
  return (
    <Card
      className={cn('overflow-hidden', question.isDeleted && 'border-dashed bg-slate-50/60')}
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
          <p className="mt-0.5 text-sm text-slate-600">
            {QUESTION_TYPE_LABELS[question.type]} · {plural(question.answeredCount, 'answer', 'answers')}
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
        {question.type === 'rating' ? (
          <RatingResult question={question} />
        ) : question.type === 'text' ? (
          <TextAnswers surveyId={surveyId} question={question} />
        ) : (
          <ChoiceResult question={question} labelId={labelId} />
        )}
      </div>
    </Card>
  );
}
