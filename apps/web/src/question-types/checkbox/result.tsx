import { ChoiceResult } from '../choice/choice-result';
import { listsOther, OtherAnswers } from '../choice/other-answers';
import type { QuestionResultPart, QuestionResultProps } from '../types';

function CheckboxResult(props: QuestionResultProps) {
  const { question, labelId } = props;
  return (
    <>
      <ChoiceResult
        question={question}
        labelId={labelId}
        barView
        note="Shares are of respondents who answered. Each could choose more than one answer, so the shares can add up to more than 100%."
      />
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
