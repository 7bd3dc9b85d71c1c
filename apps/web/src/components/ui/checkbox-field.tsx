import { useId } from 'react';

export interface CheckboxFieldProps {
  name: string;
  label: string;
  /** A line under the label saying what the box does. */
  hint: string;
  /** The message about it from the last save. */
  error?: string | undefined;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** A labelled checkbox with its hint and, after a refused save, its message (both read with it). */
export function CheckboxField({ name, label, hint, error, checked, disabled, onChange }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
