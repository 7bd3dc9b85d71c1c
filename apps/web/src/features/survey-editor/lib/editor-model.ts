import {
  answerKindOf,
  isHttpUrl,
  isRequired,
  LIMITS,
  LOGIC_END,
  logicOperatorsFor,
  logicRuleProblem,
  parseDecimal,
  projectIdFrom,
  questionTypeIs,
  publicSurveySchema,
  surveyLanguages,
  translateSurvey,
  DEFAULT_SURVEY_LANGUAGE,
  QUESTION_ID_PATTERN,
  SURVEY_MESSAGES,
  surveyInputSchema,
  type AnswerKind,
  type LogicOperator,
  type LogicRule,
  type NormalisedSurveyInput,
  type PublicSurvey,
  type Question,
  type QuestionInput,
  type QuestionOf,
  type QuestionType,
  type Survey,
  type NotifyOnResponse,
  type SurveyInput,
  type SurveyTranslations,
} from '@quorum/contract';
import { i18n } from '@/i18n/i18n';
import { needsValue } from '@/lib/logic-operators';
import { questionEditorOf } from '@/question-types/editor';
import type { LogicRuleDraft, QuestionDraft } from '@/question-types/types';
import { translationsInput } from './translations';

export type { LogicRuleDraft, QuestionDraft } from '@/question-types/types';

/** The collecting settings and first/last screens as the form holds them (text inputs; see toSurveyInput). */
export interface SettingsDraft {
  /** A `datetime-local` value in the browser's time zone ("2026-12-01T09:00"), or '' for none. */
  opensAt: string;
  closesAt: string;
  /** The limit as typed; '' for none. */
  responseLimit: string;
  oneResponsePerBrowser: boolean;
  hiddenFields: string[];
  /** "Email me about new responses". */
  notifyOnResponse: NotifyOnResponse;
  welcome: { enabled: boolean; title: string; text: string; buttonLabel: string };
  thankYou: { title: string; text: string; redirectUrl: string };
  /** The language the author writes the survey in. */
  defaultLanguage: string;
  /** The survey's other languages, in the author's order (see lib/translations.ts for how they are kept). */
  translations: SurveyTranslations;
}

export interface SurveyDraft extends SettingsDraft {
  projectName: string;
  brandingImageUrl: string;
  title: string;
  questions: QuestionDraft[];
}

/** A survey without settings: open at once, no limit, no hidden fields, the product's own first and last screens. */
export function emptySettings(): SettingsDraft {
  return {
    opensAt: '',
    closesAt: '',
    responseLimit: '',
    oneResponsePerBrowser: false,
    hiddenFields: [],
    notifyOnResponse: 'off',
    welcome: { enabled: false, title: '', text: '', buttonLabel: '' },
    thankYou: { title: '', text: '', redirectUrl: '' },
    defaultLanguage: DEFAULT_SURVEY_LANGUAGE,
    translations: {},
  };
}

// ---------------------------------------------------------------------------
// Times: the form shows the browser's local time, the survey stores UTC
// ---------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO UTC time as a `datetime-local` value in the browser's time zone; null: ''. */
export function localInputFromIso(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A `datetime-local` value (the browser's time zone) as an ISO UTC time; '' is none (null). A value the browser
 * cannot read is sent as typed, so the contract's message about it shows.
 */
export function isoFromLocalInput(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  if (!match) return trimmed;
  const [, y, mo, d, h, mi, sec] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(sec) ? 0 : sec);
  return Number.isNaN(date.getTime()) ? trimmed : date.toISOString();
}

/** "UTC+1", "UTC-3:30", "UTC" for the browser's offset at `at`. */
export function utcOffsetLabel(at: Date = new Date()): string {
  const minutes = -at.getTimezoneOffset();
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `UTC${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
}

/** The line under the time inputs: "Times are in Europe/Amsterdam (UTC+1)". */
export function timeZoneNote(at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || i18n.t('editor:settings.localTimeZone');
  return i18n.t('editor:settings.timeZone', { zone, offset: utcOffsetLabel(at) });
}

/** The public link with the hidden fields in its query, as the settings panel shows it: "…?source=…&campaign=…". */
export function hiddenFieldsLinkPattern(keys: readonly string[]): string {
  const named = keys.map((k) => k.trim()).filter((k) => k !== '');
  return named.length === 0 ? '' : `…?${named.map((k) => `${k}=…`).join('&')}`;
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

/** A new survey starts with one empty multiple_choice question with one empty option, and no settings. */
export function emptyDraft(key?: string): SurveyDraft {
  return { projectName: '', brandingImageUrl: '', title: '', questions: [newQuestion(key)], ...emptySettings() };
}

export function draftFromSurvey(survey: Survey, makeKey: () => string = nextQuestionKey): SurveyDraft {
  return {
    projectName: survey.projectName,
    brandingImageUrl: survey.brandingImageUrl ?? '',
    title: survey.title,
    questions: survey.questions.map((q) => questionDraftOf(q, makeKey())),
    ...settingsDraftOf(survey),
  };
}

function settingsDraftOf(survey: Survey): SettingsDraft {
  return {
    opensAt: localInputFromIso(survey.opensAt),
    closesAt: localInputFromIso(survey.closesAt),
    responseLimit: survey.responseLimit === null ? '' : String(survey.responseLimit),
    oneResponsePerBrowser: survey.oneResponsePerBrowser,
    hiddenFields: [...survey.hiddenFields],
    notifyOnResponse: survey.notifications.onResponse,
    welcome: survey.welcome
      ? {
          enabled: true,
          title: survey.welcome.title,
          text: survey.welcome.text ?? '',
          buttonLabel: survey.welcome.buttonLabel ?? '',
        }
      : emptySettings().welcome,
    thankYou: {
      title: survey.thankYou?.title ?? '',
      text: survey.thankYou?.text ?? '',
      redirectUrl: survey.thankYou?.redirectUrl ?? '',
    },
    // A survey from a server without languages reads as one in the default language; the translations are a
    // plain copy, as the form keeps and compares ordinary data.
    defaultLanguage: survey.defaultLanguage || DEFAULT_SURVEY_LANGUAGE,
    translations: survey.translations ? (JSON.parse(JSON.stringify(survey.translations)) as SurveyTranslations) : {},
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

const offersOther = (type: QuestionType) => questionTypeIs(type, 'allowsOther');
const offersRandomOrder = (type: QuestionType) => questionTypeIs(type, 'randomizable');

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

/** The conditions offered for a question: those of its type, without "is skipped" while it is required. */
export function operatorsFor(type: QuestionType, required: boolean): LogicOperator[] {
  return logicOperatorsFor(type).filter((operator) => !(required && operator === 'skipped'));
}

/** How a rule's value is picked: one of the options, a number, a date or a text. */
export function valueKindOf(type: QuestionType): RuleValueKind {
  return RULE_VALUE_KINDS[answerKindOf(type)];
}

type RuleValueKind = 'option' | 'number' | 'date' | 'text';
/** A ranking or matrix has no rule that takes a value; its kind is text's. */
const RULE_VALUE_KINDS: Readonly<Record<AnswerKind, RuleValueKind>> = {
  choice: 'option',
  numeric: 'number',
  date: 'date',
  text: 'text',
  arrangement: 'text',
};

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
    { value: LOGIC_END, label: endLabel() },
  ];
}

/** "End of survey", as a rule's target is named. */
export const endLabel = () => i18n.t('editor:logic.endOfSurvey');

/** "Q5" and the start of its text, as a rule's target is named. */
export function questionLabel(questions: readonly QuestionDraft[], at: number): string {
  const text = questions[at]!.text.trim();
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return short
    ? i18n.t('editor:logic.questionLabel', { number: at + 1, text: short })
    : i18n.t('editor:logic.questionShort', { number: at + 1 });
}

/** A rule in plain words: "If the answer is No, go to Q5". */
export function describeRule(questions: readonly QuestionDraft[], rule: LogicRuleDraft): string {
  const at = questions.findIndex((q) => q.id !== undefined && q.id === rule.goTo);
  const target =
    rule.goTo === LOGIC_END
      ? endLabel()
      : at >= 0
        ? i18n.t('editor:logic.questionShort', { number: at + 1 })
        : i18n.t('editor:logic.goneTarget');
  return needsValue(rule.operator)
    ? i18n.t('editor:logic.ruleWithValue', {
        operator: rule.operator,
        value: rule.value.trim() === '' ? '…' : rule.value.trim(),
        target,
      })
    : i18n.t('editor:logic.ruleWithoutValue', { operator: rule.operator, target });
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
  // Right after a question is put back, a list read a moment earlier can be one short: nothing to check yet.
  const question = questions[index];
  if (!question) return problems;
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
    ...settingsInput(draft),
    translations: translationsInput(draft),
  };
}

/** A whole number as typed, else NaN (refused with the contract's message); blank: no limit. */
function limitInput(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The settings as sent: times in ISO UTC, the limit as a number, hidden field names trimmed, a welcome screen
 * only when switched on, and the thank-you parts as written (the contract drops an empty one: the default stays).
 */
function settingsInput(
  draft: SettingsDraft,
): Omit<SurveyInput, 'projectName' | 'title' | 'questions' | 'translations'> {
  const welcome = draft.welcome;
  return {
    opensAt: isoFromLocalInput(draft.opensAt),
    closesAt: isoFromLocalInput(draft.closesAt),
    responseLimit: limitInput(draft.responseLimit),
    oneResponsePerBrowser: draft.oneResponsePerBrowser,
    hiddenFields: draft.hiddenFields.map((key) => key.trim()),
    notifications: { onResponse: draft.notifyOnResponse },
    welcome: welcome.enabled ? { title: welcome.title, text: welcome.text, buttonLabel: welcome.buttonLabel } : null,
    thankYou: { title: draft.thankYou.title, text: draft.thankYou.text, redirectUrl: draft.thankYou.redirectUrl },
    defaultLanguage: draft.defaultLanguage,
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

/** A setting's input, by its name in the form ("closesAt", "welcome.title", "hiddenFields.2"). */
export type SettingField =
  | 'opensAt'
  | 'closesAt'
  | 'responseLimit'
  | 'oneResponsePerBrowser'
  | 'hiddenFields'
  | `hiddenFields.${number}`
  | 'notifyOnResponse'
  | 'welcome.title'
  | 'welcome.text'
  | 'welcome.buttonLabel'
  | 'thankYou.title'
  | 'thankYou.text'
  | 'thankYou.redirectUrl'
  | 'defaultLanguage';

export type FieldRef =
  | { field: 'projectName' | 'title' | 'brandingImageUrl' | 'questions' | 'form' }
  | { field: 'setting'; name: SettingField }
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
  const setting = settingFieldOf(path);
  if (setting) return { field: 'setting', name: setting };
  return { field: 'form' };
}

const SCREEN_PARTS: Readonly<Record<string, readonly string[]>> = {
  welcome: ['title', 'text', 'buttonLabel'],
  thankYou: ['title', 'text', 'redirectUrl'],
};

/** The settings input a path of the survey body names, if any (a screen as a whole: its first part). */
function settingFieldOf(path: readonly PropertyKey[]): SettingField | undefined {
  const [head, part] = path;
  if (head === 'opensAt' || head === 'closesAt' || head === 'responseLimit' || head === 'oneResponsePerBrowser') {
    return head;
  }
  if (head === 'notifications') return 'notifyOnResponse';
  if (head === 'defaultLanguage') return 'defaultLanguage';
  if (head === 'hiddenFields') {
    const at = typeof part === 'number' ? part : typeof part === 'string' && /^\d+$/.test(part) ? Number(part) : null;
    return at === null ? 'hiddenFields' : `hiddenFields.${at}`;
  }
  if (head === 'welcome' || head === 'thankYou') {
    const parts = SCREEN_PARTS[head]!;
    const name = typeof part === 'string' && parts.includes(part) ? part : parts[0]!;
    return `${head}.${name}` as SettingField;
  }
  return undefined;
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

/** The id a survey not yet saved previews under (`/surveys/new/preview`). */
export const NEW_SURVEY_PREVIEW_ID = 'new';

/**
 * The public shape of the draft as it stands, for Preview: the contract's survey checks first (the same messages
 * as on save), then the public survey's own shape, in `language` when the survey has it (its default otherwise).
 * Never the response limit or owner data.
 */
export function previewSurveyOf(
  draft: SurveyDraft,
  surveyId: string = NEW_SURVEY_PREVIEW_ID,
  language?: string,
): { ok: true; survey: PublicSurvey } | { ok: false; message: string; at: FieldRef } {
  const checked = validateDraft(draft);
  if (!checked.ok) return checked;
  const { normalised } = checked;
  const languages = surveyLanguages(normalised.defaultLanguage, normalised.translations);
  const shown = language && languages.includes(language) ? language : normalised.defaultLanguage;
  const parsed = publicSurveySchema.safeParse({
    surveyId,
    projectId: normalised.projectId,
    title: normalised.title,
    brandingImageUrl: normalised.brandingImageUrl,
    questions: normalised.questions,
    opensAt: normalised.opensAt,
    closesAt: normalised.closesAt,
    oneResponsePerBrowser: normalised.oneResponsePerBrowser,
    hiddenFields: normalised.hiddenFields,
    welcome: normalised.welcome,
    thankYou: normalised.thankYou,
    language: shown,
    languages,
  });
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    return { ok: false, message: first.message, at: fieldRefFor(first.path) };
  }
  const translation = shown === normalised.defaultLanguage ? undefined : normalised.translations[shown];
  return { ok: true, survey: translateSurvey(parsed.data, translation) };
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
