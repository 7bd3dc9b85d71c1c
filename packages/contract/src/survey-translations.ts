import { z } from 'zod';
import { questionTypeIs } from './question-types/families';
import { LIMITS, SURVEY_MESSAGES } from './survey-constants';
import { SETTINGS_LIMITS } from './survey-settings';
import {
  DEFAULT_SURVEY_LANGUAGE,
  MAX_SURVEY_LANGUAGES,
  SURVEY_LANGUAGE_PATTERN,
  translatedList,
  type QuestionTranslation,
  type SurveyTranslation,
  type SurveyTranslations,
} from './survey-languages';

export * from './survey-languages';

// ---------------------------------------------------------------------------
// A survey's languages as an author sends them and as they are stored
// ---------------------------------------------------------------------------

export const surveyLanguageSchema = z
  .string({ error: SURVEY_MESSAGES.invalidLanguage })
  .trim()
  .max(35, { error: SURVEY_MESSAGES.invalidLanguage })
  .regex(SURVEY_LANGUAGE_PATTERN, { error: SURVEY_MESSAGES.invalidLanguage });

/** A translated text: trimmed, at most `max` characters; blank or null means "not translated" (left out). */
const translatedText = (max: number) =>
  z
    .string({ error: `A translation must be text of at most ${max} characters` })
    .trim()
    .max(max, { error: `A translation must be text of at most ${max} characters` })
    .nullable()
    .optional()
    .transform((text) => (text ? text : undefined));

/** Options or rows in the author's order; a blank one is not translated (its place is kept). */
const translatedListSchema = (max: number) =>
  z
    .array(
      z
        .string({ error: `A translation must be text of at most ${LIMITS.text} characters` })
        .trim()
        .max(LIMITS.text, { error: `A translation must be text of at most ${LIMITS.text} characters` })
        .nullable()
        .transform((text) => text ?? ''),
      { error: 'Translated options and rows are lists of texts' },
    )
    .max(max, { error: SURVEY_MESSAGES.translationTooManyOptions })
    .optional()
    .transform((list) => {
      if (!list) return undefined;
      let end = list.length;
      while (end > 0 && list[end - 1] === '') end -= 1;
      return end === 0 ? undefined : list.slice(0, end);
    });

/**
 * A plain object's own entries, checked one by one: a zod record would leave out a key named "__proto__", and the
 * parsed record has no prototype, so any key is an ordinary one.
 */
function recordOf<T extends z.ZodType>(
  value: T,
  keyError: string,
  keyPattern: RegExp,
  maxKeys: number,
  countError: string = keyError,
) {
  return z
    .custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), {
      error: keyError,
    })
    .transform((input, ctx) => {
      const out = Object.create(null) as Record<string, z.output<T>>;
      const entries = Object.entries(input);
      if (entries.length > maxKeys) {
        ctx.addIssue({ code: 'custom', message: countError });
        return z.NEVER;
      }
      for (const [key, item] of entries) {
        if (!keyPattern.test(key)) {
          ctx.addIssue({ code: 'custom', message: keyError, path: [key] });
          return z.NEVER;
        }
        const parsed = value.safeParse(item);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            ctx.addIssue({ code: 'custom', message: issue.message, path: [key, ...issue.path] });
          }
          return z.NEVER;
        }
        out[key] = parsed.data;
      }
      return out;
    });
}

const questionTranslationInputSchema = z
  .object({
    text: translatedText(LIMITS.text),
    description: translatedText(LIMITS.description),
    options: translatedListSchema(LIMITS.dropdownOptions),
    rows: translatedListSchema(LIMITS.matrixRows),
    labels: recordOf(translatedText(100), 'Rating labels are keyed by their value', /^\d{1,3}$/, 11)
      .optional()
      .transform((labels) => {
        if (!labels) return undefined;
        const kept = Object.entries(labels).filter((entry): entry is [string, string] => entry[1] !== undefined);
        return kept.length === 0 ? undefined : Object.fromEntries(kept);
      }),
  })
  .transform((q): QuestionTranslation | undefined => {
    const kept = Object.entries(q).filter(([, value]) => value !== undefined);
    return kept.length === 0 ? undefined : (Object.fromEntries(kept) as QuestionTranslation);
  });

const QUESTION_KEY = /^.{1,100}$/s;

/** One language's translation as an author sends it: every part optional, blanks left out. */
export const surveyTranslationInputSchema = z
  .object({
    title: translatedText(LIMITS.title),
    welcome: z
      .object({
        title: translatedText(SETTINGS_LIMITS.welcomeTitle),
        text: translatedText(SETTINGS_LIMITS.screenText),
        buttonLabel: translatedText(SETTINGS_LIMITS.buttonLabel),
      })
      .nullable()
      .optional(),
    thankYou: z
      .object({
        title: translatedText(SETTINGS_LIMITS.thankYouTitle),
        text: translatedText(SETTINGS_LIMITS.screenText),
      })
      .nullable()
      .optional(),
    questions: recordOf(
      questionTranslationInputSchema,
      SURVEY_MESSAGES.translationUnknownQuestion,
      QUESTION_KEY,
      LIMITS.questions,
    ).optional(),
  })
  .transform((t): SurveyTranslation => {
    const out: SurveyTranslation = {};
    if (t.title) out.title = t.title;
    const welcome = t.welcome && withoutBlanks(t.welcome);
    if (welcome) out.welcome = welcome;
    const thankYou = t.thankYou && withoutBlanks(t.thankYou);
    if (thankYou) out.thankYou = thankYou;
    if (t.questions) {
      const questions = Object.create(null) as Record<string, QuestionTranslation>;
      for (const [id, q] of Object.entries(t.questions)) if (q) questions[id] = q;
      if (Object.keys(questions).length > 0) out.questions = questions;
    }
    return out;
  });

function withoutBlanks<T extends Record<string, string | undefined>>(parts: T): Partial<T> | undefined {
  const kept = Object.entries(parts).filter(([, value]) => value !== undefined);
  return kept.length === 0 ? undefined : (Object.fromEntries(kept) as Partial<T>);
}

/** The survey's other languages as an author sends them: language code → translation. */
export const surveyTranslationsInputSchema = recordOf(
  surveyTranslationInputSchema,
  SURVEY_MESSAGES.invalidLanguage,
  SURVEY_LANGUAGE_PATTERN,
  MAX_SURVEY_LANGUAGES - 1,
  SURVEY_MESSAGES.tooManyLanguages,
);

/** `defaultLanguage` and `translations` next to the other fields of `POST`/`PUT /api/surveys`. */
export const surveyLanguagesInputShape = {
  /** The language the author writes in; default "en". */
  defaultLanguage: surveyLanguageSchema.optional().transform((code) => code ?? DEFAULT_SURVEY_LANGUAGE),
  /** The survey's other languages; none by default. */
  translations: surveyTranslationsInputSchema.optional().transform((t) => t ?? ({} as SurveyTranslations)),
};

/** The least of a question a translation is checked against. */
interface CheckedQuestion {
  id?: string | null | undefined;
  type: string;
  options: string[];
  rows?: string[];
  ratingScale?: unknown;
}

/**
 * What is wrong with a survey's translations, or undefined: not its default language again, only questions the
 * survey has, no more options or rows than the question, rating labels only for its values, and no two options (or
 * rows) of a question alike in any language, so an answer in any language names one option.
 */
export function translationsProblem(
  defaultLanguage: string,
  translations: Readonly<SurveyTranslations>,
  questions: readonly CheckedQuestion[],
): { message: string; path: Array<string | number> } | undefined {
  const byId = new Map<string, CheckedQuestion>();
  for (const question of questions) if (question.id) byId.set(question.id, question);
  for (const [language, translation] of Object.entries(translations)) {
    const at = ['translations', language];
    if (language === defaultLanguage) return { message: SURVEY_MESSAGES.translationOfDefault, path: at };
    for (const [id, t] of Object.entries(translation.questions ?? {})) {
      const path = [...at, 'questions', id];
      const question = byId.get(id);
      if (!question) return { message: SURVEY_MESSAGES.translationUnknownQuestion, path };
      for (const part of ['options', 'rows'] as const) {
        const translated = t[part];
        if (!translated) continue;
        // A rating's or an NPS question's options are numbers: nothing to translate.
        const original =
          (part === 'rows' || questionTypeIs(question.type, 'translatedOptions') ? question[part] : []) ?? [];
        if (translated.length > original.length) {
          return { message: SURVEY_MESSAGES.translationTooManyOptions, path: [...path, part] };
        }
        const shown = translatedList(original, translated);
        if (new Set(shown).size !== shown.length) {
          return { message: SURVEY_MESSAGES.translationOptionsAlike, path: [...path, part] };
        }
      }
      if (t.labels) {
        const scale = question.ratingScale as { min: number; max: number } | undefined;
        const outside = Object.keys(t.labels).some(
          (value) => !scale || Number(value) < scale.min || Number(value) > scale.max,
        );
        if (outside) return { message: SURVEY_MESSAGES.translationLabelOutOfScale, path: [...path, 'labels'] };
      }
    }
  }
  return undefined;
}

/** A stored translation, read back: the same shape, checked loosely (a damaged one reads as no translation). */
const storedText = z.string().optional();
export const surveyTranslationSchema = z.object({
  title: storedText,
  welcome: z.object({ title: storedText, text: storedText, buttonLabel: storedText }).optional(),
  thankYou: z.object({ title: storedText, text: storedText }).optional(),
  questions: z
    .record(
      z.string(),
      z.object({
        text: storedText,
        description: storedText,
        options: z.array(z.string()).optional(),
        rows: z.array(z.string()).optional(),
        labels: z.record(z.string(), z.string()).optional(),
      }),
    )
    .optional(),
});
export const surveyTranslationsSchema = z.record(z.string(), surveyTranslationSchema);

/** Body of POST /api/surveys/:surveyId/translate: the language to draft a translation into. */
export const translateSurveyBodySchema = z.object({ language: surveyLanguageSchema });
export type TranslateSurveyBody = z.input<typeof translateSurveyBodySchema>;
/** A draft for the author to review: nothing is saved until they save the survey. */
export const translateSurveyResponseSchema = z.object({
  language: z.string(),
  translation: surveyTranslationSchema,
});
export type TranslateSurveyResponse = z.output<typeof translateSurveyResponseSchema>;
