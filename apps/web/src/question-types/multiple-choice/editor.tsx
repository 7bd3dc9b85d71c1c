import { useTranslation } from 'react-i18next';
import { choiceDraftOf, choiceInputOf, choiceSwitchTo } from '../choice/options';
import { OptionsEditor } from '../choice/options-editor';
import type { QuestionEditorPart, QuestionFieldsProps } from '../types';

function MultipleChoiceFields(props: QuestionFieldsProps) {
  const { t } = useTranslation('editor');
  return <OptionsEditor {...props} hint={t('questionTypes.multipleChoice.hint')} />;
}

/** One answer among the options the author lists. */
export const multipleChoiceEditor: QuestionEditorPart<'multiple_choice'> = {
  type: 'multiple_choice',
  switchTo: choiceSwitchTo,
  draftOf: choiceDraftOf,
  inputOf: choiceInputOf,
  Fields: MultipleChoiceFields,
};
