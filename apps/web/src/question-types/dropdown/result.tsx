import { ChoiceResult } from '../choice/choice-result';
import { listsOther, OtherAnswers } from '../choice/other-answers';
import type { QuestionResultPart, QuestionResultProps } from '../types';

function DropdownResult({ question, labelId, responses }: QuestionResultProps) {
  return (
    <>
      <ChoiceResult question={question} labelId={labelId} />
      <OtherAnswers question={question} responses={responses} />
    </>
  );
}

/** As a multiple choice question: one answer among the options (or "Other"). */
export const dropdownResult: QuestionResultPart<'dropdown'> = {
  type: 'dropdown',
  Result: DropdownResult,
  readsResponses: listsOther,
};
