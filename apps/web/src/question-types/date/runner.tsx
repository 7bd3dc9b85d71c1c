import { isIsoDate, type QuestionOf } from '@quorum/contract';
import { idList, inputHint, textField } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { i18n } from '@/i18n/i18n';

function rangeHint({ dateRange: range = {} }: QuestionOf<'date'>): string | undefined {
  if (range.min && range.max) return i18n.t('questions:date.between', { min: range.min, max: range.max });
  if (range.min) return i18n.t('questions:date.onOrAfter', { min: range.min });
  if (range.max) return i18n.t('questions:date.onOrBefore', { max: range.max });
  return undefined;
}

/** The browser's own date picker, limited to the question's range. */
function DateInput({ question, name, headingId, value, onChange, describedBy, invalid }: AnswerInputProps<'date'>) {
  const hint = rangeHint(question);
  return (
    <>
      <input
        type="date"
        min={question.dateRange?.min}
        max={question.dateRange?.max}
        aria-labelledby={headingId}
        aria-describedby={idList(hint && `${name}-hint`, describedBy)}
        aria-invalid={invalid || undefined}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        className={`${textField} h-12 sm:max-w-60`}
      />
      {hint && (
        <p id={`${name}-hint`} className={inputHint}>
          {hint}
        </p>
      )}
    </>
  );
}

/** A calendar date, YYYY-MM-DD, within the question's range. */
export const dateRunner: QuestionRunnerPart<'date'> = {
  type: 'date',
  Input: DateInput,
  restore: (_question, saved) => (typeof saved === 'string' && isIsoDate(saved) ? saved : undefined),
  problem(question, value) {
    const text = String(value).trim();
    if (!isIsoDate(text)) return i18n.t('questions:date.invalid');
    const { min, max } = question.dateRange ?? {};
    if (min !== undefined && text < min) return i18n.t('questions:date.tooEarly', { min });
    if (max !== undefined && text > max) return i18n.t('questions:date.tooLate', { max });
    return undefined;
  },
  toSubmit: (_question, value) => String(value).trim(),
};
