import type { QuestionResult, ResultsFilter } from '@quorum/contract';
import { questionResultOf } from '@/question-types/results';
import { ResultCardFrame } from '@/question-types/shared/result-card-frame';
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
  // The type's results part shows the numbers; the responses are read only for a part that lists answers.
  const { Result, readsResponses } = questionResultOf(question.type);
  const responses = useResponses(surveyId, { filter, enabled: readsResponses(question) });
  return (
    <ResultCardFrame question={question} number={number}>
      {(labelId) => (
        <Result
          surveyId={surveyId}
          question={question}
          labelId={labelId}
          responses={responses}
          Insights={TextInsights}
        />
      )}
    </ResultCardFrame>
  );
}
