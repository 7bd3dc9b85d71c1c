import { useId } from 'react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { languageName } from '@/lib/language-names';

export interface SurveyLanguageSwitcherProps {
  /** The survey's languages, its default first. */
  languages: readonly string[];
  /** The language shown (or being loaded). */
  value: string;
  onChange: (language: string) => void;
  className?: string;
}

/**
 * The survey's languages, each named in itself ("Deutsch", "Français"): a native select like the interface's
 * language menu, which it replaces on the page of a survey in more than one language.
 */
export function SurveyLanguageSwitcher({ languages, value, onChange, className }: SurveyLanguageSwitcherProps) {
  const { t } = useTranslation('runner');
  const id = useId();
  return (
    <div className={cn('relative inline-flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Languages aria-hidden className="pointer-events-none absolute start-2 size-4 text-slate-500" />
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-8 max-w-32 appearance-none truncate sm:max-w-56 rounded-control border border-slate-300 bg-white ps-8 pe-3 text-xs text-slate-800 hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code} className="text-slate-800">
            {languageName(code, code)}
          </option>
        ))}
      </select>
    </div>
  );
}
