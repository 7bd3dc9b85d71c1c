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
        note="Respondents could choose more than one answer, so the shares can add up to more than 100%."
      />
      <OtherAnswers {...props} />
    </>
  );
}

/** As a single choice, saying why the shares can add up to more than 100%; with "Other", the texts given. */
export const checkboxResult: QuestionResultPart<'checkbox'> = {
  type: 'checkbox',
  Result: CheckboxResult,
  readsResponses: listsOther,
};
