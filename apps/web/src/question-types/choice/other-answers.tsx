import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isOtherAnswer, OTHER_LABEL, type AnswerValue, type QuestionResult } from '@quorum/contract';
import { FreeTextAnswers } from '../text/result';
import type { QuestionResultProps } from '../types';

/** The options of a question as its statistics list them: every one before "Other". */
function optionsOf(question: QuestionResult): string[] {
  const other = question.statistics.findIndex((s) => s.answer === OTHER_LABEL);
  return question.statistics.slice(0, other < 0 ? undefined : other).map((s) => s.answer);
}

/** The text a respondent gave as "Other": an answer that is none of the options (a checkbox list's last). */
function otherText(options: readonly string[], answer: AnswerValue | undefined): string {
  const given = Array.isArray(answer) ? answer.at(-1) : answer;
  return typeof given === 'string' && given !== '' && isOtherAnswer({ options, allowOther: true }, given) ? given : '';
}

/** Whether the question offers "Other", so its texts are listed from the responses. */
export const listsOther = (question: QuestionResult) => question.allowOther === true;

/** The texts given as "Other", newest first, under the question's statistics, with the insights over them. */
export function OtherAnswers({
  surveyId,
  question,
  responses,
  Insights,
}: Pick<QuestionResultProps, 'surveyId' | 'question' | 'responses' | 'Insights'>) {
  const { t } = useTranslation('results');
  // Stable while the options are, so the list is not worked out again on every render.
  const key = JSON.stringify(optionsOf(question));
  const pick = useMemo(() => {
    const parsed: unknown = JSON.parse(key);
    const options = Array.isArray(parsed) ? parsed.filter((option) => typeof option === 'string') : [];
    return (answer: AnswerValue | undefined) => otherText(options, answer);
  }, [key]);
  if (!listsOther(question)) return null;
  const total = question.statistics.find((s) => s.answer === OTHER_LABEL)?.count ?? 0;
  const other = t('questions:other.label');
  return (
    // A group, not a region: several questions of a survey list "Other" answers, and landmarks need unique names.
    <div role="group" className="mt-6 space-y-2" aria-label={t('cards.choice.otherGroup', { other })}>
      <h4 className="text-sm font-semibold text-slate-800">{t('cards.choice.otherHeading', { other })}</h4>
      <FreeTextAnswers
        surveyId={surveyId}
        questionId={question.id}
        total={total}
        responses={responses}
        Insights={Insights}
        sharedTexts={question.textAnswers}
        label={t('cards.choice.otherList', { other })}
        pick={pick}
      />
    </div>
  );
}
