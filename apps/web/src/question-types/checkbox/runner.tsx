import { cn } from '@/components/ui/cn';
import { nativeControl, optionRow } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';

function CheckboxInput({ question, value, onChange }: AnswerInputProps<'checkbox'>) {
  const picked = Array.isArray(value) ? value : [];
  return (
    <div className="grid gap-3">
      <p className="-mt-2 text-sm text-slate-600">Choose all that apply.</p>
      {question.options.map((option) => (
        <label key={option} className={optionRow}>
          <input
            type="checkbox"
            value={option}
            checked={picked.includes(option)}
            onChange={(event) =>
              onChange(question.options.filter((o) => (o === option ? event.target.checked : picked.includes(o))))
            }
            className={cn(nativeControl, 'rounded')}
          />
          <span className="break-words">{option}</span>
        </label>
      ))}
    </div>
  );
}

/** Any of the options, as checkboxes; the answer lists them in the question's order. */
export const checkboxRunner: QuestionRunnerPart<'checkbox'> = {
  type: 'checkbox',
  Input: CheckboxInput,
  restore(question, saved) {
    if (!Array.isArray(saved)) return undefined;
    const picked = question.options.filter((o) => saved.includes(o));
    return picked.length > 0 ? picked : undefined;
  },
};
