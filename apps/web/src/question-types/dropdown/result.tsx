import { ChoiceResult } from '../choice/choice-result';
import { listsOther, OtherAnswers } from '../choice/other-answers';
import type { QuestionResultPart, QuestionResultProps } from '../types';

function DropdownResult(props: QuestionResultProps) {
  const { question, labelId } = props;
  return (
    <>
      <ChoiceResult question={question} labelId={labelId} />
      <OtherAnswers {...props} />
    </>
  );
}

/** As a multiple choice question: one answer among the options (or "Other"). */
export const dropdownResult: QuestionResultPart<'dropdown'> = {
  type: 'dropdown',
  Result: DropdownResult,
  readsResponses: listsOther,
};
