import { useId } from 'react';
import { Languages } from 'lucide-react';
import { cn } from './cn';

export interface LanguageSelectProps {
  /** The select's name for screen readers ("Language"). */
  label: string;
  /** Each language, named in itself. */
  languages: ReadonlyArray<{ code: string; name: string }>;
  value: string;
  onChange: (code: string) => void;
  className?: string;
  /** The select's size and width, next to its common look. */
  selectClassName?: string;
}

/**
 * A choice of language: a native select (keyboard, screen readers and phones know it) with the languages icon, each
 * option marked with its own `lang`. The interface's language menu and a survey's language switcher are both one.
 */
export function LanguageSelect({ label, languages, value, onChange, className, selectClassName }: LanguageSelectProps) {
  const id = useId();
  return (
    <div className={cn('relative inline-flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Languages aria-hidden className="pointer-events-none absolute start-2 size-4 text-slate-500" />
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          'appearance-none rounded-control border border-slate-300 bg-white ps-8 pe-3 text-slate-800 hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
          selectClassName,
        )}
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code} className="text-slate-800">
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
