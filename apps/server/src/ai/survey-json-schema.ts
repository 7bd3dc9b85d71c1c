import { LIMITS, RATING_PRESETS, questionTypes, type SurveyInput } from '@quorum/contract';

/** The rating scales a survey may use (the contract's presets): 1–5 and 1–10. */
const RATING_MAXIMA = Object.keys(RATING_PRESETS).map(Number);

/**
 * The JSON schema a model's answer must follow, for `response_format: { type: 'json_schema', strict: true }`.
 * It is the contract's survey input (see `surveyInputSchema`) without what a model should not choose
 * (ids, branding image, project id) and with rating scales reduced to their bounds: the labels come
 * from the contract's presets. Written by hand because strict structured output needs every property
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
        required: ['text', 'type', 'options', 'ratingScale'],
        properties: {
          text: { type: 'string' },
          type: { type: 'string', enum: [...questionTypes] },
          options: {
            type: 'array',
            description: 'Answer options for multiple_choice and checkbox; empty for text and rating.',
            items: { type: 'string' },
          },
          ratingScale: {
            description: 'For rating questions only: 1 to 5, or 1 to 10 for likelihood to recommend; null otherwise.',
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
        },
      },
    },
  },
} as const;

export const SYSTEM_PROMPT = `You are an expert in survey design. From the user's idea, write one survey as a JSON object.

Rules:
- Write the title, the project name, every question and every option in the same language as the idea.
- Use neutral, unbiased wording: no leading or loaded questions, no assumptions about the respondent, one topic per question, balanced answer options that do not overlap.
- Write 4 to 8 questions and use the four question types well:
  - "rating" for satisfaction, quality or likelihood: "ratingScale" {"min": 1, "max": 5}, or {"min": 1, "max": 10} for how likely someone is to recommend; "options" [].
  - "multiple_choice" for one answer among categories: 3 to 7 options; add "Other" (in the idea's language) when the list may not be complete.
  - "checkbox" when several answers can apply: 3 to 7 options.
  - "text" for exactly one open question: "options" [].
  - "ratingScale" is null for every type except "rating".
- When the idea names aspects (for example "food, sound and tickets"), ask about each of them.
- "title": a short survey title (at most 80 characters). "projectName": a short name for what the survey is about (at most 60 characters), such as the event, product or organisation.

Answer with the JSON object only, in this shape:
{"title": string, "projectName": string, "questions": [{"text": string, "type": "multiple_choice" | "checkbox" | "text" | "rating", "options": string[], "ratingScale": {"min": 1, "max": 5 | 10} | null}]}`;

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
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Turns a model's parsed answer into the contract's survey input, before the contract validates it:
 * unwraps `{ "survey": { … } }`, drops ids and anything a model should not set, gives rating scales the
 * contract's preset labels, and maps common aliases of the question types (plain JSON mode is less
 * strict than a schema). Anything it cannot recognise is passed on for the contract to reject.
 */
export function toSurveyInput(answer: unknown): SurveyInput {
  let value = answer;
  if (isRecord(value) && !('questions' in value)) {
    const inner = Object.values(value).find((v) => isRecord(v) && 'questions' in v);
    if (inner) value = inner;
  }
  if (!isRecord(value)) return value as SurveyInput;
  const questions = Array.isArray(value.questions)
    ? value.questions.map((q) => (isRecord(q) ? toQuestionInput(q) : q))
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
  const options = Array.isArray(question.options)
    ? question.options.map((o) => (typeof o === 'number' ? String(o) : o))
    : [];
  const result: Record<string, unknown> = { text: question.text ?? question.question, type, options };
  if (type === 'rating') {
    const scale = question.ratingScale ?? question.rating_scale;
    if (isRecord(scale) && scale.min === 1 && (scale.max === 5 || scale.max === 10)) {
      result.ratingScale = RATING_PRESETS[scale.max];
    } else if (scale !== null && scale !== undefined) {
      result.ratingScale = scale;
    }
  }
  return result;
}
