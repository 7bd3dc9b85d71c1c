import { choiceDraftOf, choiceInputOf, choiceSwitchTo } from '../choice/options';
import { OptionsEditor } from '../choice/options-editor';
import type { QuestionEditorPart, QuestionFieldsProps } from '../types';

function CheckboxFields(props: QuestionFieldsProps) {
  return <OptionsEditor {...props} hint="(respondents may pick several)" />;
}

/** Any number of the options the author lists. */
export const checkboxEditor: QuestionEditorPart<'checkbox'> = {
  type: 'checkbox',
  switchTo: choiceSwitchTo,
  draftOf: choiceDraftOf,
  inputOf: choiceInputOf,
  Fields: CheckboxFields,
};
