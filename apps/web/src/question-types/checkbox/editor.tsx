import { useTranslation } from 'react-i18next';
import { choiceDraftOf, choiceInputOf, choiceSwitchTo } from '../choice/options';
import { OptionsEditor } from '../choice/options-editor';
import type { QuestionEditorPart, QuestionFieldsProps } from '../types';

function CheckboxFields(props: QuestionFieldsProps) {
  const { t } = useTranslation('editor');
  return <OptionsEditor {...props} hint={t('questionTypes.checkbox.hint')} />;
}

/** Any number of the options the author lists. */
export const checkboxEditor: QuestionEditorPart<'checkbox'> = {
  type: 'checkbox',
  switchTo: choiceSwitchTo,
  draftOf: choiceDraftOf,
  inputOf: choiceInputOf,
  Fields: CheckboxFields,
};
