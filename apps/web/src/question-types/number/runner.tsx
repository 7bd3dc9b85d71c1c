import type { QuestionOf } from '@quorum/contract';
import { idList, inputHint, textField } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';

/** A decimal written plainly: an optional sign, digits and an optional point. */
const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

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
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return 'Enter a number, like 7 or 2.5.';
  const value = Number(trimmed);
  const { min, max, step } = question.numberRange ?? {};
  if (min !== undefined && value < min) return `Enter a number of at least ${min}.`;
  if (max !== undefined && value > max) return `Enter a number of at most ${max}.`;
  if (step !== undefined) {
    const steps = (value - (min ?? 0)) / step;
    if (Math.abs(steps - Math.round(steps)) >= 1e-9) return `Enter a number in steps of ${step}.`;
  }
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
  restore: (_question, saved) => (typeof saved === 'string' && DECIMAL.test(saved.trim()) ? saved : undefined),
  problem: (question, value) => numberProblem(question, String(value)),
  toSubmit: (_question, value) => String(value).trim().replace(/^\+/, ''),
};
