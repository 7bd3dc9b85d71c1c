import { useId } from 'react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/i18n/i18n';
import { LANGUAGES, type LanguageCode, supportedLanguage, DEFAULT_LANGUAGE } from '@/i18n/languages';
import { cn } from './ui/cn';

/**
 * The interface's language: a native select (keyboard, screen readers and phones know it), each language named in
 * itself. The choice is remembered (localStorage) and sets `<html lang dir>`. `compact` shows only the icon below
 * 640 px (the select still opens the list of languages).
 */
export function LanguageMenu({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const current = supportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <div className={cn('relative inline-flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Languages aria-hidden className="pointer-events-none absolute start-2 size-4 text-slate-500" />
      <select
        id={id}
        value={current}
        onChange={(event) => void changeLanguage(event.target.value as LanguageCode)}
        className={cn(
          'h-9 appearance-none rounded-control border border-slate-300 bg-white ps-8 pe-3 text-sm text-slate-800 hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
          compact && 'max-sm:w-9 max-sm:pe-0 max-sm:text-transparent',
        )}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code} className="text-slate-800">
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
