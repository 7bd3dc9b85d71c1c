import type { ComponentType } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type {
  AnswerValue,
  InsightTheme,
  LogicOperator,
  QuestionInput,
  QuestionOf,
  QuestionResult,
  QuestionType,
  RatingScale,
  ResponsesPage,
} from '@quorum/contract';

// What the web app knows about each question type, in three parts that load apart: the editor's,
// the runner's (the public page) and the results'. Each part has its registry, typed over every
// type, so a type without its part fails to compile.

/** A skip-logic rule as the editor holds it: the value as typed or picked (text), `key` a stable React key. */
export interface LogicRuleDraft {
  key: string;
  operator: LogicOperator;
  /** The option, number, text or date the answer is compared with ('' for "is answered" and "is skipped"). */
  value: string;
  /** A later question's id, or "end". */
  goTo: string;
}

/**
 * A question as the survey editor holds it: `key` is a stable React key, `id` the stored id (a new question gets
 * one made here, so rules can point at it before it is saved).
 */
export interface QuestionDraft {
  key: string;
  id?: string;
  text: string;
  type: QuestionType;
  options: string[];
  /** Present only while the type is rating. */
  ratingScale?: RatingScale;
  /** Off only when the author made the question optional. */
  required: boolean;
  /** Help text under the question ('' for none). */
  description: string;
  /** "Other" with a text field (multiple choice, checkboxes, dropdown). */
  allowOther?: boolean;
  /** A fresh order of the options (of a matrix, its rows) for each respondent. */
  randomizeOptions?: boolean;
  /** Present only while the type is number: the bounds and step as typed ('' for none). */
  numberRange?: { min: string; max: string; step: string };
  /** Present only while the type is date: the earliest and latest dates, YYYY-MM-DD ('' for none). */
  dateRange?: { min: string; max: string };
  /** Present only while the type is matrix: its rows (its options are the columns). */
  rows?: string[];
  logic: LogicRuleDraft[];
}

/** The part of a draft a type decides. */
export type TypeFields = Pick<QuestionDraft, 'options'> &
  Partial<Pick<QuestionDraft, 'ratingScale' | 'numberRange' | 'dateRange' | 'rows'>>;

/** The part of the saved body a type sends. */
export type TypeInput = Pick<QuestionInput, 'options' | 'ratingScale' | 'numberRange' | 'dateRange' | 'rows'>;

export interface QuestionFieldsProps {
  question: QuestionDraft;
  /** The question's field name in the form ("questions.2"); its inputs are named under it. */
  name: string;
  /** The message about the question's options, rating scale, rows or range, from the last save. */
  errors: { options?: string; rating?: string; rows?: string; range?: string };
  /** While saving, the buttons wait. */
  disabled: boolean;
  onChange: (next: QuestionDraft) => void;
}

/** The editor's part of a type. */
export interface QuestionEditorPart<T extends QuestionType> {
  type: T;
  /** A question's fields when its author switches it to this type (from any other). */
  switchTo(question: QuestionDraft): TypeFields;
  /** The draft's fields of a stored question of this type. */
  draftOf(question: QuestionOf<T>): TypeFields;
  /** The fields sent on save. */
  inputOf(question: QuestionDraft): TypeInput;
  /** The inputs under the question's text and type (options, a scale, or a note). */
  Fields: ComponentType<QuestionFieldsProps>;
}

export interface AnswerInputProps<T extends QuestionType> {
  question: QuestionOf<T>;
  /** Unique on the page: names a radio group, prefixes ids. */
  name: string;
  /** The question's heading, which labels the input. */
  headingId: string;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  /** Ids of the texts that describe the input (the question's help text, the message about its answer). */
  describedBy?: string | undefined;
  /** Whether the answer as it stands cannot be sent (its message is among `describedBy`). */
  invalid?: boolean;
  /** The question's options (a matrix: its rows) in the order this respondent sees them. */
  arrange: <I>(items: readonly I[]) => I[];
}

/** The runner's part of a type: what the respondent answers with. */
export interface QuestionRunnerPart<T extends QuestionType> {
  type: T;
  Input: ComponentType<AnswerInputProps<T>>;
  /** An answer kept in this browser, when it still fits the question as it is now; else undefined. */
  restore(question: QuestionOf<T>, saved: unknown): AnswerValue | undefined;
  /**
   * Why a started answer cannot be sent yet (an address that is not one, a row left open), shown when the
   * respondent goes on; undefined when it can. Without it, every non-empty answer can be sent.
   */
  problem?(question: QuestionOf<T>, value: AnswerValue): string | undefined;
  /** The answer as sent (trimmed text); without it, the value as it stands. */
  toSubmit?(question: QuestionOf<T>, value: AnswerValue): AnswerValue;
}

/** The survey's responses, newest first, a page at a time (read by the parts that list answers). */
export type ResponsesFeed = UseInfiniteQueryResult<InfiniteData<ResponsesPage>>;

/**
 * The insights block over a list of free-text answers (a text question's, or the texts given as "Other"): themes
 * as chips, one of which may be chosen to narrow the list to the answers that mention it.
 */
export interface AnswerInsightsProps {
  surveyId: string;
  questionId: string;
  /** The label of the chosen theme; null while the list shows every answer. */
  selectedTheme: string | null;
  onSelectTheme: (theme: InsightTheme | null) => void;
}

export interface QuestionResultProps {
  surveyId: string;
  question: QuestionResult;
  /** The id of the question's heading, which names its table. */
  labelId: string;
  /**
   * The survey's responses, for the parts that list answers. Absent in a shared report: there, free-text answers
   * come with the question (`question.textAnswers`) when the owner included them, and never otherwise.
   */
  responses?: ResponsesFeed | undefined;
  /** Insights over free-text answers (the owner's results screen gives them; a shared report does not). */
  Insights?: ComponentType<AnswerInsightsProps> | undefined;
}

/** The results' part of a type. */
export interface QuestionResultPart<T extends QuestionType> {
  type: T;
  Result: ComponentType<QuestionResultProps>;
  /** Whether it lists answers from the responses (the results screen then reads them), e.g. the texts given as "Other". */
  readsResponses(question: QuestionResult): boolean;
  /** One answer as the responses table shows it, when it is a list; without it, the contract's `answerText`. */
  listText?(question: Pick<QuestionResult, 'rows'>, value: readonly string[]): string;
  /** The least and most a numeric answer can be, for the results filter's input; without it, no bounds. */
  valueBounds?(question: QuestionResult): { min: number; max: number } | undefined;
}
