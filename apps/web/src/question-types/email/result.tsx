import { useTranslation } from 'react-i18next';
import { AnswerList } from '../text/result';
import type { QuestionResultPart, QuestionResultProps } from '../types';

function EmailAnswers({ question, responses }: QuestionResultProps) {
  const { t } = useTranslation('results');
  // A shared report never shows email addresses, even with text answers included.
  if (!responses) return <p className="text-sm text-slate-600">{t('cards.text.emailsNotIncluded')}</p>;
  return (
    <AnswerList
      questionId={question.id}
      total={question.answeredCount}
      responses={responses}
      label={t('cards.text.latestAddresses')}
    />
  );
}

/** Email addresses are listed like text answers, read from the survey's responses. */
export const emailResult: QuestionResultPart<'email'> = {
  type: 'email',
  Result: EmailAnswers,
  readsResponses: () => true,
};
