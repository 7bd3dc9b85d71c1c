import { AnswerList } from '../text/result';
import type { QuestionResultPart, QuestionResultProps } from '../types';

function EmailAnswers({ question, responses }: QuestionResultProps) {
  // A shared report never shows email addresses, even with text answers included.
  if (!responses) return <p className="text-sm text-slate-600">Email addresses are not included in this report.</p>;
  return (
    <AnswerList
      questionId={question.id}
      total={question.answeredCount}
      responses={responses}
      label="Latest addresses"
    />
  );
}

/** Email addresses are listed like text answers, read from the survey's responses. */
export const emailResult: QuestionResultPart<'email'> = {
  type: 'email',
  Result: EmailAnswers,
  readsResponses: () => true,
};
