import { useTranslation } from 'react-i18next';
import type { QuestionEditorPart } from '../types';

function TextFields() {
  const { t } = useTranslation('editor');
  return <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{t('questionTypes.text.note')}</p>;
}

/** A free-text answer: no options, and none are sent. */
export const textEditor: QuestionEditorPart<'text'> = {
  type: 'text',
  switchTo: () => ({ options: [] }),
  draftOf: () => ({ options: [] }),
  inputOf: () => ({ options: [] }),
  Fields: TextFields,
};
