import {
  isHttpUrl,
  isRequired,
  LIMITS,
  LOGIC_END,
  logicOperatorsFor,
  logicRuleProblem,
  OTHER_TYPES,
  parseDecimal,
  projectIdFrom,
  QUESTION_ID_PATTERN,
  RANDOMIZABLE_TYPES,
  SURVEY_MESSAGES,
  surveyInputSchema,
  type LogicOperator,
  type LogicRule,
  type NormalisedSurveyInput,
  type Question,
  type QuestionInput,
  type QuestionOf,
  type QuestionType,
  type Survey,
  type SurveyInput,
} from '@quorum/contract';
import { questionEditorOf } from '@/question-types/editor';
import type { LogicRuleDraft, QuestionDraft } from '@/question-types/types';

export type { LogicRuleDraft, QuestionDraft } from '@/question-types/types';

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

/**
 * A question id made here for a new question, so a rule can point at it before it is saved: "q-" and 16 random
 * hex digits (the server accepts ids authors send when they match QUESTION_ID_PATTERN).
 */
export function newQuestionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const id = `q-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  return QUESTION_ID_PATTERN.test(id) ? id : newQuestionId();
}

/** A new question: required, empty multiple_choice with one empty option, no help text and no rules. */
export function newQuestion(key: string = nextQuestionKey(), id: string = newQuestionId()): QuestionDraft {
  return { key, id, text: '', type: 'multiple_choice', options: [''], required: true, description: '', logic: [] };
}

/**
 * A question kept in this browser by an earlier version of the editor, completed: required, no help text, no
 * rules, and an id when it had none.
 */
export function completeQuestion(
  question: Omit<QuestionDraft, 'required' | 'description' | 'logic'> &
    Partial<Pick<QuestionDraft, 'required' | 'description' | 'logic'>>,
): QuestionDraft {
  return {
    ...question,
    id: question.id ?? newQuestionId(),
    required: question.required ?? true,
    description: question.description ?? '',
    logic: question.logic ?? [],
  };
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
    questions: survey.questions.map((q) => questionDraftOf(q, makeKey())),
  };
}

function questionDraftOf(q: Question, key: string): QuestionDraft {
  const flags = q as { allowOther?: boolean; randomizeOptions?: boolean };
  return {
    key,
    id: q.id,
    text: q.text,
    type: q.type,
    ...questionEditorOf(q.type).draftOf(q as QuestionOf<typeof q.type>),
    required: isRequired(q),
    description: q.description ?? '',
    ...(flags.allowOther ? { allowOther: true } : {}),
    ...(flags.randomizeOptions ? { randomizeOptions: true } : {}),
    logic: (q.logic ?? []).map((rule) => ({
      key: nextRuleKey(),
      operator: rule.when.operator,
      value: rule.when.value === undefined ? '' : String(rule.when.value),
      goTo: rule.goTo,
    })),
  };
}

const offersOther = (type: QuestionType) => (OTHER_TYPES as readonly QuestionType[]).includes(type);
const offersRandomOrder = (type: QuestionType) => (RANDOMIZABLE_TYPES as readonly QuestionType[]).includes(type);

/** Whether a question of this type may offer "Other" with a text field. */
export function canOfferOther(type: QuestionType): boolean {
  return offersOther(type);
}

/** Whether a question of this type may show its options (a matrix, its rows) in random order. */
export function canRandomize(type: QuestionType): boolean {
  return offersRandomOrder(type);
}

/**
 * Changing the type: the new type decides its own fields (see each type's `switchTo`); "Other" and random order
 * stay where the new type offers them; each rule keeps its target, and one whose condition or value does not fit
 * the new type takes the first condition that does, with no value.
 */
export function changeQuestionType(question: QuestionDraft, type: QuestionType): QuestionDraft {
  const {
    ratingScale: _scale,
    numberRange: _numberRange,
    dateRange: _dateRange,
    rows: _rows,
    allowOther,
    randomizeOptions,
    ...rest
  } = question;
  const operators = operatorsFor(type, question.required);
  return {
    ...rest,
    type,
    ...questionEditorOf(type).switchTo(question),
    ...(allowOther && offersOther(type) ? { allowOther } : {}),
    ...(randomizeOptions && offersRandomOrder(type) ? { randomizeOptions } : {}),
    logic: question.logic.map((rule) =>
      operators.includes(rule.operator) &&
      (!needsValue(rule.operator) || valueKindOf(type) === valueKindOf(question.type))
        ? rule
        : { ...rule, operator: operators[0]!, value: '' },
    ),
  };
}

// ---------------------------------------------------------------------------
// Skip logic: the rules of a question, in plain words
// ---------------------------------------------------------------------------

let ruleCounter = 0;
/** A key unique within this page for a rule (React keys only). */
export function nextRuleKey(): string {
  ruleCounter += 1;
  return `rule-${ruleCounter}`;
}

/** The conditions as the editor words them, after "If the answer". */
export const OPERATOR_LABELS: Record<LogicOperator, string> = {
  equals: 'is',
  not_equals: 'is not',
  includes: 'includes',
  not_includes: 'does not include',
  less_than: 'is less than',
  greater_than: 'is more than',
  answered: 'is answered',
  skipped: 'is skipped',
};

/** Whether a condition compares the answer with a value (all but "is answered" and "is skipped"). */
export function needsValue(operator: LogicOperator): boolean {
  return operator !== 'answered' && operator !== 'skipped';
}

/** The conditions offered for a question: those of its type, without "is skipped" while it is required. */
export function operatorsFor(type: QuestionType, required: boolean): LogicOperator[] {
  return logicOperatorsFor(type).filter((operator) => !(required && operator === 'skipped'));
}

/** How a rule's value is picked: one of the options, a number, a date or a text. */
export function valueKindOf(type: QuestionType): 'option' | 'number' | 'date' | 'text' {
  if (type === 'multiple_choice' || type === 'checkbox' || type === 'dropdown') return 'option';
  if (type === 'rating' || type === 'nps' || type === 'number') return 'number';
  if (type === 'date') return 'date';
  return 'text';
}

/**
 * A new rule on the question at `index`: the first condition of its type, its first option as the value for the
 * choice types, going to the question after next when there is one, else to the end.
 */
export function newRule(questions: readonly QuestionDraft[], index: number): LogicRuleDraft {
  const question = questions[index]!;
  const operator = operatorsFor(question.type, question.required)[0]!;
  const value =
    needsValue(operator) && valueKindOf(question.type) === 'option'
      ? (question.options.find((o) => o.trim() !== '') ?? '')
      : '';
  const target = questions[index + 2] ?? questions[index + 1];
  return { key: nextRuleKey(), operator, value: value.trim(), goTo: target?.id ?? LOGIC_END };
}

/** Whether another rule may be added (at most LIMITS.logicRules). */
export function canAddRule(question: QuestionDraft): boolean {
  return question.logic.length < LIMITS.logicRules;
}

/** Where a rule may send the respondent: every later question (with an id), then the end. */
export function ruleTargets(
  questions: readonly QuestionDraft[],
  index: number,
): Array<{ value: string; label: string }> {
  return [
    ...questions.flatMap((q, at) => (at > index && q.id ? [{ value: q.id, label: questionLabel(questions, at) }] : [])),
    { value: LOGIC_END, label: END_LABEL },
  ];
}

export const END_LABEL = 'End of survey';

/** "Q5" and the start of its text, as a rule's target is named. */
export function questionLabel(questions: readonly QuestionDraft[], at: number): string {
  const text = questions[at]!.text.trim();
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return short ? `Q${at + 1}: ${short}` : `Q${at + 1}`;
}

/** A rule in plain words: "If the answer is No, go to Q5". */
export function describeRule(questions: readonly QuestionDraft[], rule: LogicRuleDraft): string {
  const condition = needsValue(rule.operator)
    ? `If the answer ${OPERATOR_LABELS[rule.operator]} ${rule.value.trim() === '' ? '…' : rule.value.trim()}`
    : `If the question ${OPERATOR_LABELS[rule.operator]}`;
  const at = questions.findIndex((q) => q.id !== undefined && q.id === rule.goTo);
  const target = rule.goTo === LOGIC_END ? END_LABEL : at >= 0 ? `Q${at + 1}` : 'a question that is no longer here';
  return `${condition}, go to ${target}`;
}

/** The rule as sent: the value as the contract reads it (a number for numeric types), none where not needed. */
function ruleInput(
  type: QuestionType,
  rule: LogicRuleDraft,
): LogicRule | { when: { operator: LogicOperator; value: string }; goTo: string } {
  if (!needsValue(rule.operator)) return { when: { operator: rule.operator }, goTo: rule.goTo };
  const value = rule.value.trim();
  if (valueKindOf(type) === 'number') {
    const number = parseDecimal(value);
    return { when: { operator: rule.operator, value: number ?? value }, goTo: rule.goTo };
  }
  return { when: { operator: rule.operator, value }, goTo: rule.goTo };
}

/**
 * What is wrong with each rule of the question at `index` as the draft stands (the same check as on save):
 * the rule's key and the message, for rules with a problem. A question moved or removed shows here at once.
 */
export function ruleProblems(questions: readonly QuestionDraft[], index: number): Map<string, string> {
  const normalised = questions.map((q) => ({
    id: q.id,
    type: q.type,
    options: questionEditorOf(q.type).inputOf(q).options ?? [],
    required: q.required,
  }));
  const problems = new Map<string, string>();
  const question = questions[index]!;
  for (const rule of question.logic) {
    const input = ruleInput(question.type, rule);
    const problem = logicRuleProblem(normalised, index, {
      when: { operator: input.when.operator, ...(input.when.value !== undefined ? { value: input.when.value } : {}) },
      goTo: input.goTo,
    });
    if (problem) problems.set(rule.key, problem.message);
  }
  return problems;
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
 * `required` is sent only when off, help text only when written, "Other" and random order only when on, and rules
 * only when there are some: a question saved before these existed is sent back as it was.
 */
export function toSurveyInput(draft: SurveyDraft): SurveyInput {
  const brandingImageUrl = draft.brandingImageUrl.trim();
  return {
    projectName: draft.projectName,
    projectId: projectIdFrom(draft.projectName),
    title: draft.title,
    brandingImageUrl: brandingImageUrl === '' ? null : brandingImageUrl,
    questions: draft.questions.map((q) => questionInput(q)),
  };
}

function questionInput(q: QuestionDraft): QuestionInput {
  const description = q.description.trim();
  return {
    ...(q.id ? { id: q.id, text: q.text } : { text: q.text }),
    type: q.type,
    ...questionEditorOf(q.type).inputOf(q),
    ...(q.required ? {} : { required: false }),
    ...(description !== '' ? { description } : {}),
    ...(q.allowOther && offersOther(q.type) ? { allowOther: true } : {}),
    ...(q.randomizeOptions && offersRandomOrder(q.type) ? { randomizeOptions: true } : {}),
    ...(q.logic.length > 0 ? { logic: q.logic.map((rule) => ruleInput(q.type, rule)) } : {}),
  };
}

/** Where a validation message belongs, so the form can mark and focus that field. */
type QuestionField =
  | 'questionText'
  | 'questionOptions'
  | 'questionRating'
  | 'questionDescription'
  | 'questionRows'
  | 'questionNumberRange'
  | 'questionDateRange'
  | 'questionOther'
  | 'questionRandomize';

export type FieldRef =
  | { field: 'projectName' | 'title' | 'brandingImageUrl' | 'questions' | 'form' }
  | { field: QuestionField; index: number }
  | { field: 'questionLogic'; index: number; rule: number; part: 'operator' | 'value' | 'goTo' };

export type DraftValidation =
  { ok: true; input: SurveyInput; normalised: NormalisedSurveyInput } | { ok: false; message: string; at: FieldRef };

const FIELD_ORDER = new Map<PropertyKey | undefined, number>([
  ['projectName', 0],
  ['title', 1],
  ['questions', 2],
  ['brandingImageUrl', 3],
]);

const QUESTION_PARTS: Readonly<Record<string, QuestionField>> = {
  options: 'questionOptions',
  ratingScale: 'questionRating',
  description: 'questionDescription',
  rows: 'questionRows',
  numberRange: 'questionNumberRange',
  dateRange: 'questionDateRange',
  allowOther: 'questionOther',
  randomizeOptions: 'questionRandomize',
};

/** Where a message about `path` of the survey body belongs (also used for the server's refusals). */
export function fieldRefFor(path: readonly PropertyKey[]): FieldRef {
  const [head, rawIndex, part, rawRule] = path;
  const index = typeof rawIndex === 'string' && /^\d+$/.test(rawIndex) ? Number(rawIndex) : rawIndex;
  if (head === 'projectName' || head === 'title' || head === 'brandingImageUrl') return { field: head };
  if (head === 'questions' && typeof index === 'number') {
    const rule = typeof rawRule === 'string' && /^\d+$/.test(rawRule) ? Number(rawRule) : rawRule;
    if (part === 'logic' && typeof rule === 'number') {
      // A rule's paths: ['goTo'], ['when', 'operator'], ['when', 'value'].
      const at = path[4] === 'goTo' ? 'goTo' : path[5] === 'value' ? 'value' : 'operator';
      return { field: 'questionLogic', index, rule, part: at };
    }
    const field = typeof part === 'string' && Object.hasOwn(QUESTION_PARTS, part) ? QUESTION_PARTS[part] : undefined;
    return { field: field ?? 'questionText', index };
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
