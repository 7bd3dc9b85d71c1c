import {
  acceptedLanguages,
  pickSurveyLanguage,
  translateSurvey,
  type PublicSurvey,
  type PublicSurveyQuery,
  type Question,
} from '@quorum/contract';
import type { SurveySettings } from './survey-settings-row';
import { languagesOf, type SurveyLanguages } from './survey-languages-row';

/** What the public shape is built from. */
export interface PublicSurveySource {
  id: string;
  projectId: string;
  title: string;
  brandingImageUrl: string | null;
  questions: Question[];
  settings: SurveySettings;
  languages: SurveyLanguages;
}

/**
 * What a respondent sees of a survey (the public page and the owner's preview alike): nothing about the owner and
 * never the response limit, which is the owner's business. Its texts are in `language` (one of the survey's
 * languages; default: its default language), each one the translation lacks in the default language.
 */
export function toPublicSurvey(survey: PublicSurveySource, language?: string): PublicSurvey {
  const { settings, languages } = survey;
  const shown = language ?? languages.defaultLanguage;
  const texts = translateSurvey(
    {
      title: survey.title,
      questions: survey.questions,
      welcome: settings.welcome,
      thankYou: settings.thankYou,
    },
    shown !== languages.defaultLanguage && Object.hasOwn(languages.translations, shown)
      ? languages.translations[shown]
      : undefined,
  );
  return {
    surveyId: survey.id,
    projectId: survey.projectId,
    title: texts.title,
    brandingImageUrl: survey.brandingImageUrl,
    questions: texts.questions,
    opensAt: settings.opensAt,
    closesAt: settings.closesAt,
    oneResponsePerBrowser: settings.oneResponsePerBrowser,
    hiddenFields: settings.hiddenFields,
    welcome: texts.welcome,
    thankYou: texts.thankYou,
    language: shown,
    languages: languagesOf(languages),
  };
}

/** The language a reader asks for: `?lang=`, and the browser's languages (Accept-Language), most wanted first. */
export interface WantedLanguage {
  lang?: PublicSurveyQuery['lang'];
  acceptLanguage?: string | undefined;
}

/** Which of the survey's languages to show: the one asked for, else the browser's first offered one, else the default. */
export function languageToShow(languages: SurveyLanguages, wanted: WantedLanguage): string {
  const offered = languagesOf(languages);
  if (offered.length === 1 || (!wanted.lang && !wanted.acceptLanguage)) return languages.defaultLanguage;
  return pickSurveyLanguage(offered, wanted.lang || undefined, acceptedLanguages(wanted.acceptLanguage));
}
