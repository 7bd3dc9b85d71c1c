import { onStep, parseDecimal, type QuestionOf } from '@quorum/contract';
import { idList, inputHint, textField } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { i18n } from '@/i18n/i18n';

/** What the respondent may type, from the question's range ("Between 1 and 10, in steps of 0.5."). */
function rangeHint({ numberRange: range = {} }: QuestionOf<'number'>): string | undefined {
  const { min, max, step } = range;
  // One whole sentence per case: the parts' order and joins differ between languages.
  const bounds =
    min !== undefined && max !== undefined
      ? 'between'
      : min !== undefined
        ? 'atLeast'
        : max !== undefined
          ? 'atMost'
          : '';
  if (!bounds && step === undefined) return undefined;
  const key = step === undefined ? bounds : bounds ? `${bounds}InSteps` : 'inSteps';
  return i18n.t(`questions:number.hint.${key}`, { min, max, step });
}

/** Why a typed number cannot be sent (the server's rule), or undefined. */
function numberProblem(question: QuestionOf<'number'>, text: string): string | undefined {
  const value = parseDecimal(text);
  if (value === undefined) return i18n.t('questions:number.invalid');
  const range = question.numberRange ?? {};
  if (range.min !== undefined && value < range.min) return i18n.t('questions:number.tooLow', { min: range.min });
  if (range.max !== undefined && value > range.max) return i18n.t('questions:number.tooHigh', { max: range.max });
  if (!onStep(range, value)) return i18n.t('questions:number.offStep', { step: range.step });
  return undefined;
}

function NumberInput({ question, name, headingId, value, onChange, describedBy, invalid }: AnswerInputProps<'number'>) {
  const hint = rangeHint(question);
  const { min, max, step } = question.numberRange ?? {};
  return (
    <>
      <input
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step ?? 'any'}
        aria-labelledby={headingId}
        aria-describedby={idList(hint && `${name}-hint`, describedBy)}
        aria-invalid={invalid || undefined}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        className={`${textField} sm:max-w-60`}
      />
      {hint && (
        <p id={`${name}-hint`} className={inputHint}>
          {hint}
        </p>
      )}
    </>
  );
}

/** A decimal within the question's range and on its step, sent as the text typed. */
export const numberRunner: QuestionRunnerPart<'number'> = {
  type: 'number',
  Input: NumberInput,
  restore: (_question, saved) => (typeof saved === 'string' && parseDecimal(saved) !== undefined ? saved : undefined),
  problem: (question, value) => numberProblem(question, String(value)),
  toSubmit: (_question, value) => String(value).trim().replace(/^\+/, ''),
};
