import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/i18n/i18n';
import { LANGUAGES, type LanguageCode, supportedLanguage, DEFAULT_LANGUAGE } from '@/i18n/languages';
import { cn } from './ui/cn';
import { LanguageSelect } from './ui/language-select';

/**
 * The interface's language, each language named in itself. The choice is remembered (localStorage) and sets
 * `<html lang dir>`. `compact` shows only the icon below 640 px (the select still opens the list of languages).
 */
export function LanguageMenu({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const current = supportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <LanguageSelect
      label={t('language.label')}
      languages={LANGUAGES}
      value={current}
      onChange={(code) => void changeLanguage(code as LanguageCode)}
      className={className}
      selectClassName={cn('h-9 text-sm', compact && 'max-sm:w-9 max-sm:pe-0 max-sm:text-transparent')}
    />
  );
}
