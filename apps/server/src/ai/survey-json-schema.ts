import {
  LIMITS,
  LOGIC_END,
  LOGIC_OPERATORS,
  OTHER_LABEL,
  RATING_PRESETS,
  questionIdProblem,
  questionTypes,
  type QuestionType,
  type SurveyInput,
} from '@quorum/contract';
import { isJsonObject } from '@quorum/contract';
import { SERVER_QUESTION_TYPES, serverQuestionType } from '../question-types';

/** The rating scales a survey may use (the contract's presets): 1–5 and 1–10. */
const RATING_MAXIMA = Object.keys(RATING_PRESETS).map(Number);

/** A value or null: strict structured output has no optional properties, so "none" is null. */
const orNull = <T extends object>(schema: T) => ({ anyOf: [schema, { type: 'null' }] }) as const;

/**
 * The JSON schema a model's answer must follow, for `response_format: { type: 'json_schema', strict: true }`.
 * It is the contract's survey input (see `surveyInputSchema`) without what a model should not choose
 * (branding image, project id, random order) and with rating scales reduced to their bounds: the labels come
 * from the contract's presets. Ids are there for skip logic to name its targets; what a model leaves empty or
 * null is left out before the contract reads it (see `toSurveyInput`). Written by hand because strict structured output needs every property
 * required and no open-ended records, which the contract's zod schema (with transforms) cannot express.
 */
export const GENERATED_SURVEY_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'projectName', 'questions'],
  properties: {
    title: { type: 'string', description: 'A short, neutral survey title in the language of the idea.' },
    projectName: {
      type: 'string',
      description: 'A short name of the project the survey belongs to (the event, product or organisation).',
    },
    questions: {
      type: 'array',
      description: 'Four to eight questions.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'text',
          'type',
          'required',
          'description',
          'options',
          'allowOther',
          'ratingScale',
          'numberRange',
          'dateRange',
          'rows',
          'logic',
        ],
        properties: {
          id: {
            type: 'string',
            description:
              'A short id of letters, digits, "-" and "_" (for example "q3"), unique in the survey, that skip-logic rules name; "end" is reserved.',
          },
          text: { type: 'string' },
          type: { type: 'string', enum: [...questionTypes] },
          required: { type: 'boolean', description: 'False when a respondent may skip the question.' },
          description: {
            ...orNull({ type: 'string' }),
            description: `Optional help text shown under the question (at most ${LIMITS.description} characters); null for none.`,
          },
          options: {
            type: 'array',
            description:
              'Answer options for multiple_choice, checkbox, dropdown and ranking; the columns of a matrix; empty for every other type.',
            items: { type: 'string' },
          },
          allowOther: {
            type: 'boolean',
            description:
              'True to offer "Other" with a text field (multiple_choice, checkbox, dropdown only); else false.',
          },
          ratingScale: {
            description: 'For rating questions only: 1 to 5, or 1 to 10; null otherwise.',
            anyOf: [
              {
                type: 'object',
                additionalProperties: false,
                required: ['min', 'max'],
                properties: { min: { type: 'integer', enum: [1] }, max: { type: 'integer', enum: RATING_MAXIMA } },
              },
              { type: 'null' },
            ],
          },
          numberRange: {
            description:
              'For number questions only: the smallest and largest answers and the step (each null for none); null otherwise.',
            anyOf: [
              {
                type: 'object',
                additionalProperties: false,
                required: ['min', 'max', 'step'],
                properties: {
                  min: orNull({ type: 'number' }),
                  max: orNull({ type: 'number' }),
                  step: orNull({ type: 'number' }),
                },
              },
              { type: 'null' },
            ],
          },
          dateRange: {
            description:
              'For date questions only: the earliest and latest dates as YYYY-MM-DD (each null for none); null otherwise.',
            anyOf: [
              {
                type: 'object',
                additionalProperties: false,
                required: ['min', 'max'],
                properties: { min: orNull({ type: 'string' }), max: orNull({ type: 'string' }) },
              },
              { type: 'null' },
            ],
          },
          rows: {
            type: 'array',
            description: 'For matrix questions only: the rows (the things rated); empty otherwise.',
            items: { type: 'string' },
          },
          logic: {
            type: 'array',
            description:
              'Skip-logic rules, checked in order after the question; the first that matches sends the respondent to goTo. Usually empty.',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['when', 'goTo'],
              properties: {
                when: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['operator', 'value'],
                  properties: {
                    operator: { type: 'string', enum: [...LOGIC_OPERATORS] },
                    value: {
                      description:
                        'An option, or a number for less_than and greater_than; null for answered and skipped.',
                      anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }],
                    },
                  },
                },
                goTo: { type: 'string', description: `The id of a LATER question, or "${LOGIC_END}".` },
              },
            },
          },
        },
      },
    },
  },
} as const;

export const SYSTEM_PROMPT = `You are an expert in survey design. From the user's idea, write one survey as a JSON object.

Rules:
- Write the title, the project name, every question and every option in the same language as the idea.
- Use neutral, unbiased wording: no leading or loaded questions, no assumptions about the respondent, one topic per question, balanced answer options that do not overlap.
- Write 4 to 8 questions and choose each question's type for what it asks:
  - "rating" for satisfaction or quality: "ratingScale" {"min": 1, "max": 5}; "options" [].
  - "nps" for how likely someone is to recommend (the Net Promoter Score, 0 to 10): "options" [].
  - "multiple_choice" for one answer among a few categories: 3 to 7 options; "dropdown" instead for a long list (countries, years, products). Set "allowOther" true when the list may not be complete (never add an option called "Other" yourself).
  - "checkbox" when several answers can apply: 3 to 7 options; "allowOther" as above.
  - "ranking" to put 3 to 6 options in order of preference.
  - "matrix" to rate several things on the same scale (a satisfaction grid): "rows" the things, "options" the columns (for example "Very dissatisfied" to "Very satisfied").
  - "number" for a quantity (age, nights, people): "numberRange" with sensible bounds, "step" 1 for whole numbers.
  - "date" for a day (of a visit or an event): "dateRange" null unless the idea gives dates.
  - "email" only when the respondent is asked for a contact address; make it optional.
  - "text" for at most one open question: "options" [].
  - "ratingScale", "numberRange" and "dateRange" are null, "rows" and "options" empty, where the type does not use them.
- "required" is true unless answering is truly optional (contact details, a last open comment); "description" is a short help text or null.
- "id": "q1", "q2", … in order. "logic" is usually []; add a rule only where a follow-up fits some answers alone, e.g. on a yes/no question {"when": {"operator": "equals", "value": "No"}, "goTo": "end"} before an optional email question. Operators: equals and not_equals (an option; a rating, nps or number value), includes and not_includes (checkbox), less_than and greater_than (rating, nps, number), answered and skipped (value null; skipped only on optional questions). "goTo" is the id of a later question or "end".
- When the idea names aspects (for example "food, sound and tickets"), ask about each of them.
- "title": a short survey title (at most 80 characters). "projectName": a short name for what the survey is about (at most 60 characters), such as the event, product or organisation.

Answer with the JSON object only, in this shape:
{"title": string, "projectName": string, "questions": [{"id": string, "text": string, "type": "multiple_choice" | "checkbox" | "dropdown" | "text" | "rating" | "nps" | "number" | "email" | "date" | "ranking" | "matrix", "required": boolean, "description": string | null, "options": string[], "allowOther": boolean, "ratingScale": {"min": 1, "max": 5 | 10} | null, "numberRange": {"min": number | null, "max": number | null, "step": number | null} | null, "dateRange": {"min": string | null, "max": string | null} | null, "rows": string[], "logic": [{"when": {"operator": string, "value": string | number | null}, "goTo": string}]}]}`;

export function userPrompt(idea: string): string {
  return `Survey idea:\n"""\n${idea.slice(0, LIMITS.prompt)}\n"""`;
}

const TYPE_ALIASES: Record<string, (typeof questionTypes)[number]> = {
  single_choice: 'multiple_choice',
  'single-choice': 'multiple_choice',
  'multiple-choice': 'multiple_choice',
  radio: 'multiple_choice',
  choice: 'multiple_choice',
  checkboxes: 'checkbox',
  multi_select: 'checkbox',
  multiple_select: 'checkbox',
  open: 'text',
  open_text: 'text',
  free_text: 'text',
  textarea: 'text',
  scale: 'rating',
  likert: 'rating',
  net_promoter: 'nps',
  net_promoter_score: 'nps',
  select: 'dropdown',
  rank: 'ranking',
  grid: 'matrix',
  numeric: 'number',
  integer: 'number',
};

/**
 * Turns a model's parsed answer into the contract's survey input, before the contract validates it:
 * unwraps `{ "survey": { … } }`, drops anything a model should not set and every field it left empty or null
 * (a field strict output must fill but the question does not use), drops ids that are not valid ids (a rule
 * naming one is then refused), gives rating scales the contract's preset labels, leaves out an option called
 * "Other" when "Other" is offered, and maps common aliases of the question types (plain JSON mode is less
 * strict than a schema). Anything it cannot recognise is passed on for the contract to reject.
 */
export function toSurveyInput(answer: unknown): SurveyInput {
  let value = answer;
  if (isJsonObject(value) && !('questions' in value)) {
    const inner = Object.values(value).find((v) => isJsonObject(v) && 'questions' in v);
    if (inner) value = inner;
  }
  if (!isJsonObject(value)) return value as SurveyInput;
  const questions = Array.isArray(value.questions)
    ? value.questions.map((q) => (isJsonObject(q) ? toQuestionInput(q) : q))
    : value.questions;
  return {
    title: value.title,
    projectName: value.projectName ?? value.project_name ?? value.project,
    questions,
  } as SurveyInput;
}

function toQuestionInput(question: Record<string, unknown>): Record<string, unknown> {
  const rawType = typeof question.type === 'string' ? question.type.trim().toLowerCase() : question.type;
  const type = typeof rawType === 'string' ? (TYPE_ALIASES[rawType] ?? rawType) : rawType;
  const allowOther = question.allowOther === true || question.allow_other === true;
  let options = Array.isArray(question.options)
    ? question.options.map((o) => (typeof o === 'number' ? String(o) : o))
    : [];
  if (allowOther) options = options.filter((o) => typeof o !== 'string' || o.trim() !== OTHER_LABEL);
  const result: Record<string, unknown> = { text: question.text ?? question.question, type, options };
  if (typeof question.id === 'string' && question.id.trim() !== '' && !questionIdProblem(question.id.trim())) {
    result.id = question.id.trim();
  }
  if (question.required === false) result.required = false;
  if (typeof question.description === 'string' && question.description.trim() !== '') {
    result.description = question.description;
  }
  if (allowOther) result.allowOther = true;
  if (typeof type === 'string' && Object.hasOwn(SERVER_QUESTION_TYPES, type)) {
    Object.assign(result, serverQuestionType(type as QuestionType).modelFields?.(question));
  }
  if (Array.isArray(question.logic) && question.logic.length > 0) result.logic = question.logic.map(toRuleInput);
  return result;
}

/** A rule with a null value (answered, skipped) loses the value. */
function toRuleInput(rule: unknown): unknown {
  if (!isJsonObject(rule) || !isJsonObject(rule.when)) return rule;
  const { value, ...when } = rule.when;
  return { when: value === null || value === undefined ? when : { ...when, value }, goTo: rule.goTo };
}
