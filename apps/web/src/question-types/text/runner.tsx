import { idList } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { useTranslation } from 'react-i18next';

function TextInput({ name, headingId, value, onChange, describedBy }: AnswerInputProps<'text'>) {
  const { t } = useTranslation('questions');
  return (
    <>
      <textarea
        rows={4}
        aria-labelledby={headingId}
        aria-describedby={idList(`${name}-hint`, describedBy)}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        maxLength={5000}
        className="block w-full resize-y rounded-control border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-accent-600 focus:outline-2 focus:outline-offset-0 focus:outline-accent-600/30"
        placeholder={t('text.placeholder')}
      />
      <p id={`${name}-hint`} className="mt-2 text-xs text-slate-600">
        {t('text.hint')}
      </p>
    </>
  );
}

/** A 4-row text area. */
export const textRunner: QuestionRunnerPart<'text'> = {
  type: 'text',
  Input: TextInput,
  restore: (_question, saved) => (typeof saved === 'string' ? saved : undefined),
};
