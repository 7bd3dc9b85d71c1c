import type { QuestionResult } from '@quorum/contract';
import { questionResultOf } from '@/question-types/results';
import { ResultCardFrame } from '@/question-types/shared/result-card-frame';

/**
 * One question of a shared report, as its type shows results on the owner's screen, from the report alone: no
 * responses are read, so answer lists show the report's own texts (`textAnswers`), when the owner included them.
 */
export function SharedQuestionCard({ question, number }: { question: QuestionResult; number: number }) {
  const { Result } = questionResultOf(question.type);
  return (
    <ResultCardFrame question={question} number={number}>
      {(labelId) => <Result surveyId="" question={question} labelId={labelId} />}
    </ResultCardFrame>
  );
}
