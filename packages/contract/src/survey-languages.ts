// A survey in more than one language: the author's texts in the default language, and for each other language a
// translation of any of them. Free of zod on purpose: the public survey page imports it (see docs/performance.md).
import type { AnswerValue } from './answers';
import { questionTypeIs } from './question-types/families';

/** The languages a survey may have, its default included. */
export const MAX_SURVEY_LANGUAGES = 20;

/** The language of a survey made before surveys had languages, and of a new one when the author picks none. */
export const DEFAULT_SURVEY_LANGUAGE = 'en';

/**
 * A language code as BCP 47 writes the common ones: a language ("de"), then optionally a script ("zh-Hant") and a
 * region ("pt-BR", "es-419").
 */
export const SURVEY_LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2}|-\d{3})?$/;

/** The translation of one question: any part may be missing (the default language's text is used). */
export interface QuestionTranslation {
  text?: string;
  description?: string;
  /** In the author's order: the n-th is the n-th option's translation; an empty or missing one is not translated. */
  options?: string[];
  /** A matrix's rows, in the author's order like `options`. */
  rows?: string[];
  /** A rating scale's labels, keyed by value ("1" … "10"). */
  labels?: Record<string, string>;
}

/** The translation of a survey into one language: any part may be missing. */
export interface SurveyTranslation {
  title?: string;
  welcome?: { title?: string; text?: string; buttonLabel?: string };
  thankYou?: { title?: string; text?: string };
  /** Keyed by question id, a record without a prototype once parsed. */
  questions?: Record<string, QuestionTranslation>;
}

/** Language code → translation: the survey's languages besides its default one, in the author's order. */
export type SurveyTranslations = Record<string, SurveyTranslation>;

/** The survey's languages, its default first, then the translations in the author's order. */
export function surveyLanguages(defaultLanguage: string, translations: Readonly<SurveyTranslations>): string[] {
  return [defaultLanguage, ...Object.keys(translations).filter((code) => code !== defaultLanguage)];
}

/**
 * Which of `offered` (default first) to show: the language asked for, else the first of the browser's languages
 * that is offered (exactly, or by its language alone: "de-AT" gets "de", "pt" gets "pt-BR"), else the default.
 */
export function pickSurveyLanguage(
  offered: readonly string[],
  asked: string | undefined,
  browser: readonly string[] = [],
): string {
  const wanted = asked ? [asked, ...browser] : browser;
  for (const code of wanted) {
    const exact = offered.find((language) => language.toLowerCase() === code.toLowerCase());
    if (exact) return exact;
    const base = code.split('-')[0]!.toLowerCase();
    const near = offered.find((language) => language.split('-')[0]!.toLowerCase() === base);
    if (near) return near;
  }
  return offered[0]!;
}

/** The languages of an Accept-Language header, most wanted first ("de-AT,de;q=0.9,en;q=0.5" → de-AT, de, en). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The translation of `list` (options or rows) in the author's order, each missing one in the default language. */
export function translatedList(list: readonly string[], translated: readonly string[] | undefined): string[] {
  return list.map((text, index) => {
    const translation = translated?.[index]?.trim();
    return translation ? translation : text;
  });
}

/** The least a question needs to be translated. */
export interface TranslatableQuestion {
  id: string;
  type: string;
  text: string;
  description?: string | undefined;
  options: string[];
  rows?: string[];
  ratingScale?: { min: number; max: number; labels: Record<string, string> };
  logic?: ReadonlyArray<{ when: { operator: string; value?: string | number }; goTo: string }> | undefined;
}

/**
 * A question in another language: its texts translated where the translation has them, options and rows at the
 * same positions, rating labels over the default ones, and rule values that name an option translated with it (so
 * skip logic runs the same in every language).
 */
export function translateQuestion<Q extends TranslatableQuestion>(question: Q, translation?: QuestionTranslation): Q {
  if (!translation) return question;
  const options = questionTypeIs(question.type, 'translatedOptions')
    ? translatedList(question.options, translation.options)
    : question.options;
  const text = translation.text?.trim();
  const description = translation.description?.trim();
  const translated: Q = { ...question, text: text ? text : question.text, options };
  if (description && question.description) translated.description = description;
  if (question.rows) translated.rows = translatedList(question.rows, translation.rows);
  if (question.ratingScale && translation.labels) {
    const labels: Record<string, string> = { ...question.ratingScale.labels };
    for (const key of Object.keys(question.ratingScale.labels)) {
      const label = own(translation.labels, key)?.trim();
      if (label) labels[key] = label;
    }
    translated.ratingScale = { ...question.ratingScale, labels };
  }
  if (question.logic && questionTypeIs(question.type, 'translatedOptions')) {
    translated.logic = question.logic.map((rule) => {
      const at = rule.when.value === undefined ? -1 : question.options.indexOf(String(rule.when.value));
      return at < 0 ? rule : { ...rule, when: { ...rule.when, value: options[at]! } };
    });
  }
  return translated;
}

/** The texts of a survey that a translation covers. */
export interface TranslatableSurvey<Q extends TranslatableQuestion> {
  title: string;
  questions: Q[];
  welcome: { title: string; text: string | null; buttonLabel: string | null } | null;
  thankYou: { title: string | null; text: string | null; redirectUrl: string | null } | null;
}

function pick(translated: string | undefined, original: string | null): string | null {
  const text = translated?.trim();
  return original !== null && text ? text : original;
}

/**
 * A survey in another language: every text the translation has replaces the default language's, every other one
 * stays. A thank-you text the author left out stays the product's own (in the respondent's language).
 */
export function translateSurvey<Q extends TranslatableQuestion, S extends TranslatableSurvey<Q>>(
  survey: S,
  translation: SurveyTranslation | undefined,
): S {
  if (!translation) return survey;
  const { welcome, thankYou } = survey;
  return {
    ...survey,
    title: pick(translation.title, survey.title) ?? survey.title,
    questions: survey.questions.map((q) => translateQuestion(q, own(translation.questions, q.id))),
    welcome: welcome && {
      title: pick(translation.welcome?.title, welcome.title) ?? welcome.title,
      text: pick(translation.welcome?.text, welcome.text),
      buttonLabel: pick(translation.welcome?.buttonLabel, welcome.buttonLabel),
    },
    thankYou: thankYou && {
      ...thankYou,
      title: pick(translation.thankYou?.title, thankYou.title),
      text: pick(translation.thankYou?.text, thankYou.text),
    },
  };
}

function atSamePosition(from: readonly string[], to: readonly string[], value: string): string {
  const at = from.indexOf(value);
  return at >= 0 && at < to.length ? to[at]! : value;
}

/**
 * An answer given to `from` (a question in one language) as the same answer to `to` (the question in another):
 * each option becomes the option at its position; an "Other" text, a number, a date or free text stays as it is.
 */
export function answerInLanguage(
  from: Pick<TranslatableQuestion, 'type' | 'options'>,
  to: Pick<TranslatableQuestion, 'options'>,
  answer: AnswerValue,
): AnswerValue {
  if (!questionTypeIs(from.type, 'translatedOptions')) return answer;
  if (typeof answer === 'string') return atSamePosition(from.options, to.options, answer);
  if (Array.isArray(answer)) return answer.map((value) => atSamePosition(from.options, to.options, value));
  return answer;
}

/** One text of a survey that a translation does not have yet: where it is, and its default-language text. */
export interface MissingTranslation {
  /** "title", "welcome.title", "questions.<id>.options.2", "questions.<id>.labels.5", … */
  path: string;
  text: string;
}

/** Every text of `survey` that `translation` leaves in the default language, in the order the survey shows them. */
export function missingTranslations<Q extends TranslatableQuestion>(
  survey: TranslatableSurvey<Q>,
  translation: SurveyTranslation | undefined,
): MissingTranslation[] {
  const missing: MissingTranslation[] = [];
  const check = (path: string, original: string | null | undefined, translated: string | undefined) => {
    if (original && !translated?.trim()) missing.push({ path, text: original });
  };
  check('title', survey.title, translation?.title);
  if (survey.welcome) {
    check('welcome.title', survey.welcome.title, translation?.welcome?.title);
    check('welcome.text', survey.welcome.text, translation?.welcome?.text);
    check('welcome.buttonLabel', survey.welcome.buttonLabel, translation?.welcome?.buttonLabel);
  }
  for (const question of survey.questions) {
    const t = own(translation?.questions, question.id);
    const at = `questions.${question.id}`;
    check(`${at}.text`, question.text, t?.text);
    check(`${at}.description`, question.description, t?.description);
    if (questionTypeIs(question.type, 'translatedOptions')) {
      question.options.forEach((option, index) => check(`${at}.options.${index}`, option, t?.options?.[index]));
    }
    question.rows?.forEach((row, index) => check(`${at}.rows.${index}`, row, t?.rows?.[index]));
    if (question.ratingScale) {
      for (const [value, label] of Object.entries(question.ratingScale.labels)) {
        check(`${at}.labels.${value}`, label, own(t?.labels, value));
      }
    }
  }
  if (survey.thankYou) {
    check('thankYou.title', survey.thankYou.title, translation?.thankYou?.title);
    check('thankYou.text', survey.thankYou.text, translation?.thankYou?.text);
  }
  return missing;
}
