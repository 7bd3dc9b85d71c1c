import {
  isHttpUrl,
  LIMITS,
  projectIdFrom,
  SURVEY_MESSAGES,
  surveyInputSchema,
  type NormalisedSurveyInput,
  type QuestionOf,
  type QuestionType,
  type Survey,
  type SurveyInput,
} from '@quorum/contract';
import { questionEditorOf } from '@/question-types/editor';
import type { QuestionDraft } from '@/question-types/types';

export type { QuestionDraft } from '@/question-types/types';

export interface SurveyDraft {
  projectName: string;
  brandingImageUrl: string;
  title: string;
  questions: QuestionDraft[];
}

let keyCounter = 0;
/** A key unique within this page (React keys only; never sent to the server). */
export function nextQuestionKey(): string {
  keyCounter += 1;
  return `question-${keyCounter}`;
}

// ---------------------------------------------------------------------------
// Question editing: a new question, type and scale changes, options
// ---------------------------------------------------------------------------

/** A new question: empty multiple_choice with one empty option. */
export function newQuestion(key: string = nextQuestionKey()): QuestionDraft {
  return { key, text: '', type: 'multiple_choice', options: [''] };
}

/** A new survey starts with one empty multiple_choice question with one empty option. */
export function emptyDraft(key?: string): SurveyDraft {
  return { projectName: '', brandingImageUrl: '', title: '', questions: [newQuestion(key)] };
}

export function draftFromSurvey(survey: Survey, makeKey: () => string = nextQuestionKey): SurveyDraft {
  return {
    projectName: survey.projectName,
    brandingImageUrl: survey.brandingImageUrl ?? '',
    title: survey.title,
    questions: survey.questions.map((q) => ({
      key: makeKey(),
      id: q.id,
      text: q.text,
      type: q.type,
      ...questionEditorOf(q.type).draftOf(q as QuestionOf<typeof q.type>),
    })),
  };
}

/** Changing the type: the new type decides the options and scale (see each type's `switchTo`). */
export function changeQuestionType(question: QuestionDraft, type: QuestionType): QuestionDraft {
  const { ratingScale: _dropped, ...rest } = question;
  return { ...rest, type, ...questionEditorOf(type).switchTo(question) };
}

/** At most 100 questions (the list is the form's field array). */
export function canAddQuestion(draft: Pick<SurveyDraft, 'questions'>): boolean {
  return draft.questions.length < LIMITS.questions;
}

/** 'Remove Question' shows only when more than one question exists. */
export function canRemoveQuestion(draft: Pick<SurveyDraft, 'questions'>): boolean {
  return draft.questions.length > 1;
}

// ---------------------------------------------------------------------------
// What is sent on save, and the submit checks in order
// ---------------------------------------------------------------------------

/**
 * The body of POST/PUT /api/surveys: blank options of non-text questions removed, text
 * questions send [], ratingScale only for rating questions, projectId derived from projectName.
 */
export function toSurveyInput(draft: SurveyDraft): SurveyInput {
  const brandingImageUrl = draft.brandingImageUrl.trim();
  return {
    projectName: draft.projectName,
    projectId: projectIdFrom(draft.projectName),
    title: draft.title,
    brandingImageUrl: brandingImageUrl === '' ? null : brandingImageUrl,
    questions: draft.questions.map((q) => ({
      ...(q.id ? { id: q.id, text: q.text } : { text: q.text }),
      type: q.type,
      ...questionEditorOf(q.type).inputOf(q),
    })),
  };
}

/** Where a validation message belongs, so the form can mark and focus that field. */
export type FieldRef =
  | { field: 'projectName' | 'title' | 'brandingImageUrl' | 'questions' | 'form' }
  | { field: 'questionText' | 'questionOptions' | 'questionRating'; index: number };

export type DraftValidation =
  { ok: true; input: SurveyInput; normalised: NormalisedSurveyInput } | { ok: false; message: string; at: FieldRef };

const FIELD_ORDER = new Map<PropertyKey | undefined, number>([
  ['projectName', 0],
  ['title', 1],
  ['questions', 2],
  ['brandingImageUrl', 3],
]);

function fieldRefFor(path: readonly PropertyKey[]): FieldRef {
  const [head, index, part] = path;
  if (head === 'projectName' || head === 'title' || head === 'brandingImageUrl') return { field: head };
  if (head === 'questions' && typeof index === 'number') {
    if (part === 'options') return { field: 'questionOptions', index };
    if (part === 'ratingScale') return { field: 'questionRating', index };
    return { field: 'questionText', index };
  }
  if (head === 'questions') return { field: 'questions' };
  return { field: 'form' };
}

/**
 * The submit checks that need no network, in the order the form reports them: project name, title, at
 * least one question (then each question's own rules, which the server also enforces). The
 * branding image's content-type check comes after these and is done by the caller.
 */
export function validateDraft(draft: SurveyDraft): DraftValidation {
  const input = toSurveyInput(draft);
  const parsed = surveyInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input, normalised: parsed.data };
  const issues = [...parsed.error.issues].sort(
    (a, b) => (FIELD_ORDER.get(a.path[0]) ?? 9) - (FIELD_ORDER.get(b.path[0]) ?? 9),
  );
  const first = issues[0]!;
  return { ok: false, message: first.message, at: fieldRefFor(first.path) };
}

/**
 * The live state of the branding URL before any network check: nothing to check, an invalid
 * URL (message at once), or a URL whose content type the server must check.
 */
export function brandingUrlStatus(url: string): 'empty' | 'invalid' | 'check' {
  const trimmed = url.trim();
  if (trimmed === '') return 'empty';
  if (!isHttpUrl(trimmed) || trimmed.length > LIMITS.url) return 'invalid';
  return 'check';
}

export const IMAGE_URL_MESSAGE = SURVEY_MESSAGES.invalidImageUrl;
