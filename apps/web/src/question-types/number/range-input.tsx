import { useId } from 'react';
import { Input } from '@/components/ui/field';

/** One labelled bound of a number or date question (smallest, largest, step, earliest, latest). */
export function RangeInput({
  label,
  type,
  name,
  value,
  invalid,
  min,
  step,
  onChange,
}: {
  label: string;
  type: 'number' | 'date';
  name: string;
  value: string;
  invalid: boolean;
  min?: number | undefined;
  step?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm text-slate-700">
        {label}
      </label>
      <Input
        id={id}
        type={type}
        name={name}
        value={value}
        min={min}
        step={step}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
