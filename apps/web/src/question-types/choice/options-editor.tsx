import { useId } from 'react';
import { Plus, X } from 'lucide-react';
import { LIMITS } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/field';
import type { QuestionFieldsProps } from '../types';
import { addOption, canAddOption, canRemoveOption, removeOption, setOption } from './options';

/** The options of a choice question: one row each, Add Option, and the message about them. */
export function OptionsEditor({
  question,
  name,
  errors,
  disabled,
  onChange,
  hint,
}: QuestionFieldsProps & {
  /** How respondents answer, after the legend. */
  hint: string;
}) {
  const errorId = useId();
  return (
    <fieldset className="mt-4 space-y-2" aria-describedby={errors.options ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        Options
        <span className="ml-1 text-xs font-normal text-slate-500">{hint}</span>
      </legend>
      <ol className="space-y-2">
        {question.options.map((option, optionIndex) => (
          <OptionRow
            key={optionIndex}
            name={name}
            optionIndex={optionIndex}
            value={option}
            invalid={Boolean(errors.options) && option.trim() === ''}
            canRemove={canRemoveOption(question)}
            disabled={disabled}
            onChange={(value) => onChange(setOption(question, optionIndex, value))}
            onRemove={() => onChange(removeOption(question, optionIndex))}
            onEnter={() => {
              if (canAddOption(question)) onChange(addOption(question));
            }}
          />
        ))}
      </ol>
      {errors.options && (
        <p id={errorId} className="text-sm text-red-700">
          {errors.options}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || !canAddOption(question)}
        onClick={() => onChange(addOption(question))}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add Option
      </Button>
    </fieldset>
  );
}

function OptionRow({
  name,
  optionIndex,
  value,
  invalid,
  canRemove,
  disabled,
  onChange,
  onRemove,
  onEnter,
}: {
  name: string;
  optionIndex: number;
  value: string;
  invalid: boolean;
  canRemove: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
  onRemove: () => void;
  onEnter: () => void;
}) {
  const id = useId();
  const label = `Option ${optionIndex + 1}`;
  return (
    <li className="flex items-center gap-2">
      <label htmlFor={id} className="w-20 shrink-0 text-sm text-slate-700">
        {label}
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </label>
      <Input
        id={id}
        name={`${name}.options.${optionIndex}`}
        required
        maxLength={LIMITS.text}
        value={value}
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          // Enter moves to the next option, adding one at the end of the list.
          e.preventDefault();
          const form = e.currentTarget.form;
          const nextName = `${name}.options.${optionIndex + 1}`;
          const focusNext = () => form?.querySelector<HTMLInputElement>(`[name="${nextName}"]`)?.focus();
          if (form?.querySelector(`[name="${nextName}"]`)) focusNext();
          else {
            onEnter();
            setTimeout(focusNext, 0);
          }
        }}
        className="min-w-0 flex-1"
      />
      <span className={cn('inline-flex size-8 shrink-0', !canRemove && 'invisible')}>
        {canRemove && (
          <button
            type="button"
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Remove ${label.toLowerCase()}`}
            className="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </span>
    </li>
  );
}
