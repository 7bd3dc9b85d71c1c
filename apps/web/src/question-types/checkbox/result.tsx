import { useTranslation } from 'react-i18next';
import { ChoiceResult } from '../choice/choice-result';
import { listsOther, OtherAnswers } from '../choice/other-answers';
import type { QuestionResultPart, QuestionResultProps } from '../types';

function CheckboxResult(props: QuestionResultProps) {
  const { question, labelId } = props;
  const { t } = useTranslation('results');
  return (
    <>
      <ChoiceResult question={question} labelId={labelId} barView note={t('cards.choice.checkboxNote')} />
      <OtherAnswers {...props} />
    </>
  );
}

/**
 * As a single choice, with a bar view next to the pie and a note that shares are of respondents, so they can add up
 * to more than 100%; with "Other", the texts given.
 */
export const checkboxResult: QuestionResultPart<'checkbox'> = {
  type: 'checkbox',
  Result: CheckboxResult,
  readsResponses: listsOther,
};
