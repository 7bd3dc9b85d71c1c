import { useEffect } from 'react';
import type { PublicSurvey } from '@quorum/contract';
import { changeLanguage, currentLanguage, i18n } from '@/i18n/i18n';
import { supportedLanguage } from '@/i18n/languages';

/**
 * The interface's language for a survey language, when the interface speaks it ("de-AT" → "de"): the page of a survey
 * in more than one language speaks the survey's language. `remember` keeps it as the interface's language (a
 * respondent's choice); otherwise it lasts for this page.
 */
export function followSurveyLanguage(language: string, remember: boolean): void {
  const code = supportedLanguage(language);
  if (code === undefined || code === currentLanguage()) return;
  if (remember) void changeLanguage(code);
  else void i18n.changeLanguage(code);
}

/** Keeps the interface in the language of a survey shown in more than one language (when the interface speaks it). */
export function useInterfaceFollows(survey: Pick<PublicSurvey, 'language' | 'languages'> | undefined): void {
  const language = survey && survey.languages.length > 1 ? survey.language : undefined;
  useEffect(() => {
    if (language !== undefined) followSurveyLanguage(language, false);
  }, [language]);
}
