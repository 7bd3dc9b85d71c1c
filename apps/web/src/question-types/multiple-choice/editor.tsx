import { choiceDraftOf, choiceInputOf, choiceSwitchTo } from '../choice/options';
import { OptionsEditor } from '../choice/options-editor';
import type { QuestionEditorPart, QuestionFieldsProps } from '../types';

function MultipleChoiceFields(props: QuestionFieldsProps) {
  return <OptionsEditor {...props} hint="(respondents pick one)" />;
}

/** One answer among the options the author lists. */
export const multipleChoiceEditor: QuestionEditorPart<'multiple_choice'> = {
  type: 'multiple_choice',
  switchTo: choiceSwitchTo,
  draftOf: choiceDraftOf,
  inputOf: choiceInputOf,
  Fields: MultipleChoiceFields,
};
