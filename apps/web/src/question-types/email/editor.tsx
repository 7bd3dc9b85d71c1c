import { useTranslation } from 'react-i18next';
import type { QuestionEditorPart } from '../types';

function EmailFields() {
  const { t } = useTranslation('editor');
  return <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{t('questionTypes.email.note')}</p>;
}

/** An email address: no options, and none are sent. */
export const emailEditor: QuestionEditorPart<'email'> = {
  type: 'email',
  switchTo: () => ({ options: [] }),
  draftOf: () => ({ options: [] }),
  inputOf: () => ({ options: [] }),
  Fields: EmailFields,
};
