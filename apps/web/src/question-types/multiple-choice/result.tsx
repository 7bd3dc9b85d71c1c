import { ChoiceResult } from '../choice/choice-result';
import type { QuestionResultPart, QuestionResultProps } from '../types';

function MultipleChoiceResult({ question, labelId }: QuestionResultProps) {
  return <ChoiceResult question={question} labelId={labelId} />;
}

/** A pie of the answers and a table of the same counts and shares. */
export const multipleChoiceResult: QuestionResultPart<'multiple_choice'> = {
  type: 'multiple_choice',
  Result: MultipleChoiceResult,
  readsResponses: false,
};
