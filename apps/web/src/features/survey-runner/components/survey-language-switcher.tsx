import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/components/ui/language-select';
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
 * The survey's languages, each named in itself ("Deutsch", "Français"), in place of the interface's language menu on
 * the page of a survey in more than one language.
 */
export function SurveyLanguageSwitcher({ languages, value, onChange, className }: SurveyLanguageSwitcherProps) {
  const { t } = useTranslation('runner');
  return (
    <LanguageSelect
      label={t('language.label')}
      languages={languages.map((code) => ({ code, name: languageName(code, code) }))}
      value={value}
      onChange={onChange}
      className={className}
      selectClassName="h-8 max-w-32 truncate text-xs sm:max-w-56"
    />
  );
}
