import { ChoiceResult } from '../choice/choice-result';
import { listsOther, OtherAnswers } from '../choice/other-answers';
import type { QuestionResultPart, QuestionResultProps } from '../types';

function MultipleChoiceResult(props: QuestionResultProps) {
  const { question, labelId } = props;
  return (
    <>
      <ChoiceResult question={question} labelId={labelId} />
      <OtherAnswers {...props} />
    </>
  );
}

/** A pie of the answers and a table of the same counts and shares; with "Other", the texts given. */
export const multipleChoiceResult: QuestionResultPart<'multiple_choice'> = {
  type: 'multiple_choice',
  Result: MultipleChoiceResult,
  readsResponses: listsOther,
};
