import {
  answerInLanguage,
  MAX_SURVEY_LANGUAGES,
  translateSurvey,
  type Question,
  type SubmittedAnswer,
  type SurveyTranslation,
} from '@quorum/contract';
import type { CheckedAgainst } from './survey-copies';

/** A survey's questions in a translation, as the public page shows them in that language. */
function translateSurveyQuestions(questions: Question[], translation: SurveyTranslation): Question[] {
  return translateSurvey({ title: '', questions, welcome: null, thankYou: null }, translation).questions;
}

/**
 * The answers given in `language` as answers in the survey's default language: each option becomes the default
 * language's option at its position (see answerInLanguage), everything else stays. The same answers in the default
 * language, or when the survey has no translation for it.
 */
export function inDefaultLanguage(
  against: CheckedAgainst,
  language: string,
  answers: SubmittedAnswer[],
): SubmittedAnswer[] {
  const { defaultLanguage, translations } = against.languages;
  if (language === defaultLanguage || !Object.hasOwn(translations, language)) return answers;
  let pairs = against.translated.get(language);
  if (!pairs) {
    const translated = translateSurveyQuestions(against.questions, translations[language]!);
    pairs = new Map(against.questions.map((q, index) => [q.id, { from: translated[index]!, to: q }]));
    if (against.translated.size > MAX_SURVEY_LANGUAGES) against.translated.clear();
    against.translated.set(language, pairs);
  }
  return answers.map((answer) => {
    const pair = pairs.get(answer.questionId);
    if (!pair || pair.from === pair.to) return answer;
    return { ...answer, answer: answerInLanguage(pair.from, pair.to, answer.answer) };
  });
}
