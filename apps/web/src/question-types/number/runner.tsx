import { onStep, parseDecimal, type QuestionOf } from '@quorum/contract';
import { idList, inputHint, textField } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';

/** What the respondent may type, from the question's range ("Between 1 and 10, in steps of 0.5."). */
function rangeHint({ numberRange: range = {} }: QuestionOf<'number'>): string | undefined {
  const { min, max, step } = range;
  const bounds =
    min !== undefined && max !== undefined
      ? `Between ${min} and ${max}`
      : min !== undefined
        ? `At least ${min}`
        : max !== undefined
          ? `At most ${max}`
          : undefined;
  const steps = step !== undefined ? `in steps of ${step}` : undefined;
  if (!bounds && !steps) return undefined;
  return `${[bounds, steps].filter(Boolean).join(', ')}.`.replace(/^i/, 'I');
}

/** Why a typed number cannot be sent (the server's rule), or undefined. */
function numberProblem(question: QuestionOf<'number'>, text: string): string | undefined {
  const value = parseDecimal(text);
  if (value === undefined) return 'Enter a number, like 7 or 2.5.';
  const range = question.numberRange ?? {};
  if (range.min !== undefined && value < range.min) return `Enter a number of at least ${range.min}.`;
  if (range.max !== undefined && value > range.max) return `Enter a number of at most ${range.max}.`;
  if (!onStep(range, value)) return `Enter a number in steps of ${range.step}.`;
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
