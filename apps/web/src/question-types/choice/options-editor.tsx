import { useId, type ReactNode } from 'react';
import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/field';
import type { QuestionFieldsProps } from '../types';
import { addOption, canAddOption, canRemoveOption, removeOption, setOption, type ListField } from './options';

/** A list of a question (its options, or a matrix's rows): one row each, an Add button, and the message about them. */
export function OptionsEditor({
  question,
  name,
  errors,
  disabled,
  onChange,
  hint,
  field = 'options',
  item = 'option',
  max = LIMITS.options,
  children,
}: QuestionFieldsProps & {
  /** How respondents answer, after the legend. */
  hint: string;
  /** The list edited: the options (the default) or a matrix's rows. */
  field?: ListField;
  /** What one entry is ("option" gives "Options", "Option 1", "Add Option"). */
  item?: 'option' | 'row' | 'column';
  /** The most entries the list may have. */
  max?: number;
  /** More inputs at the end of the group (a bulk entry). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('editor');
  const errorId = useId();
  const error = field === 'rows' ? errors.rows : errors.options;
  const values = question[field] ?? [];
  return (
    <fieldset className="mt-4 space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {t('questionTypes.options.legend', { item })}
        <span className="ms-1 text-xs font-normal text-slate-500">{hint}</span>
      </legend>
      <ol className="space-y-2">
        {values.map((option, optionIndex) => (
          <OptionRow
            key={optionIndex}
            name={name}
            field={field}
            label={t('questionTypes.options.itemLabel', { item, number: optionIndex + 1 })}
            removeLabel={t('questionTypes.options.remove', { item, number: optionIndex + 1 })}
            optionIndex={optionIndex}
            value={option}
            invalid={Boolean(error) && option.trim() === ''}
            canRemove={canRemoveOption(question, field)}
            disabled={disabled}
            onChange={(value) => onChange(setOption(question, optionIndex, value, field))}
            onRemove={() => onChange(removeOption(question, optionIndex, field))}
            onEnter={() => {
              if (canAddOption(question, max, field)) onChange(addOption(question, max, field));
            }}
          />
        ))}
      </ol>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || !canAddOption(question, max, field)}
        onClick={() => onChange(addOption(question, max, field))}
      >
        <Plus className="size-4" aria-hidden="true" />
        {t('questionTypes.options.add', { item })}
      </Button>
      {children}
    </fieldset>
  );
}

function OptionRow({
  name,
  field,
  label,
  removeLabel,
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
  field: ListField;
  label: string;
  removeLabel: string;
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
  return (
    <li className="flex items-center gap-2">
      <label htmlFor={id} className="w-20 shrink-0 text-sm text-slate-700">
        {label}
        <span className="ms-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </label>
      <Input
        id={id}
        name={`${name}.${field}.${optionIndex}`}
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
          const nextName = `${name}.${field}.${optionIndex + 1}`;
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
            aria-label={removeLabel}
            className="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </span>
    </li>
  );
}
