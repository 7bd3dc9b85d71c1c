import { ChoiceResult } from '../choice/choice-result';
import type { QuestionResultPart, QuestionResultProps } from '../types';

function CheckboxResult({ question, labelId }: QuestionResultProps) {
  return (
    <ChoiceResult
      question={question}
      labelId={labelId}
      note="Respondents could choose more than one answer, so the shares can add up to more than 100%."
    />
  );
}

/** As a single choice, saying why the shares can add up to more than 100%. */
export const checkboxResult: QuestionResultPart<'checkbox'> = {
  type: 'checkbox',
  Result: CheckboxResult,
  readsResponses: false,
};
