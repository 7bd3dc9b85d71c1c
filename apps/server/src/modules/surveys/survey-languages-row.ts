import {
  DEFAULT_SURVEY_LANGUAGE,
  SURVEY_LANGUAGE_PATTERN,
  surveyLanguages,
  surveyTranslationSchema,
  type QuestionTranslation,
  type SurveyTranslation,
  type SurveyTranslations,
} from '@quorum/contract';
import { isJsonObject } from '@quorum/contract';
import type { SurveysTable } from '../../db/schema';
import { parseJson } from '../../question-types/shared';

/** A survey's languages as a survey carries them. */
export interface SurveyLanguages {
  defaultLanguage: string;
  translations: SurveyTranslations;
}

type LanguageColumns = Pick<SurveysTable, 'default_language' | 'translations'>;

/** The stored columns of a survey's languages (already checked by the contract); no translation is stored as null. */
export function languageColumns(input: SurveyLanguages): LanguageColumns {
  return {
    default_language: input.defaultLanguage,
    translations: Object.keys(input.translations).length > 0 ? JSON.stringify(input.translations) : null,
  };
}

const questionTranslationSchema = surveyTranslationSchema.shape.questions.unwrap().valueType;

/** One stored translation, or undefined when it is not one; its questions keyed in a record without a prototype. */
function translationFrom(value: unknown): SurveyTranslation | undefined {
  const parsed = surveyTranslationSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { questions: _parsedQuestions, ...translation } = parsed.data;
  const raw = isJsonObject(value) && isJsonObject(value.questions) ? value.questions : undefined;
  if (raw) {
    // Read key by key: a question id such as "__proto__" is an ordinary key here.
    const questions = Object.create(null) as Record<string, QuestionTranslation>;
    for (const [id, item] of Object.entries(raw)) {
      const question = questionTranslationSchema.safeParse(item);
      if (question.success) questions[id] = question.data;
    }
    return { ...translation, questions };
  }
  return translation;
}

/**
 * The languages of a stored survey. Reading never throws: a damaged default language reads as English (every survey
 * was English before it had languages), damaged translations as none, a damaged one of them as absent.
 */
export function languagesFromRow(row: Partial<LanguageColumns>): SurveyLanguages {
  const stored = row.default_language;
  const defaultLanguage =
    typeof stored === 'string' && SURVEY_LANGUAGE_PATTERN.test(stored) ? stored : DEFAULT_SURVEY_LANGUAGE;
  const translations: SurveyTranslations = {};
  const json = parseJson(row.translations);
  if (isJsonObject(json)) {
    for (const [language, value] of Object.entries(json)) {
      if (language === defaultLanguage || !SURVEY_LANGUAGE_PATTERN.test(language)) continue;
      const translation = translationFrom(value);
      if (translation) translations[language] = translation;
    }
  }
  return { defaultLanguage, translations };
}

/** The survey's languages, its default first. */
export function languagesOf(survey: SurveyLanguages): string[] {
  return surveyLanguages(survey.defaultLanguage, survey.translations);
}
