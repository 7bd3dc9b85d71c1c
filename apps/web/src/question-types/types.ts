import type { ComponentType } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type {
  AnswerValue,
  QuestionOf,
  QuestionResult,
  QuestionType,
  RatingScale,
  ResponsesPage,
} from '@quorum/contract';

// What the web app knows about each question type, in three parts that load apart: the editor's,
// the runner's (the public page) and the results'. Each part has its registry, typed over every
// type, so a type without its part fails to compile.

/** A question as the survey editor holds it: `key` is a stable React key, `id` the stored id (absent when new). */
export interface QuestionDraft {
  key: string;
  id?: string;
  text: string;
  type: QuestionType;
  options: string[];
  /** Present only while the type is rating. */
  ratingScale?: RatingScale;
}

/** The part of a draft a type decides, and the part of the saved body it sends. */
export type TypeFields = Pick<QuestionDraft, 'options' | 'ratingScale'>;

export interface QuestionFieldsProps {
  question: QuestionDraft;
  /** The question's field name in the form ("questions.2"); its inputs are named under it. */
  name: string;
  /** The message about the question's options or rating scale, from the last save. */
  errors: { options?: string; rating?: string };
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
  inputOf(question: QuestionDraft): { options: string[]; ratingScale?: RatingScale };
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
}

/** The runner's part of a type: what the respondent answers with. */
export interface QuestionRunnerPart<T extends QuestionType> {
  type: T;
  Input: ComponentType<AnswerInputProps<T>>;
  /** An answer kept in this browser, when it still fits the question as it is now; else undefined. */
  restore(question: QuestionOf<T>, saved: unknown): AnswerValue | undefined;
}

/** The survey's responses, newest first, a page at a time (read by the parts that list answers). */
export type ResponsesFeed = UseInfiniteQueryResult<InfiniteData<ResponsesPage>>;

export interface QuestionResultProps {
  surveyId: string;
  question: QuestionResult;
  /** The id of the question's heading, which names its table. */
  labelId: string;
  responses: ResponsesFeed;
}

/** The results' part of a type. */
export interface QuestionResultPart<T extends QuestionType> {
  type: T;
  Result: ComponentType<QuestionResultProps>;
  /** Whether it lists answers from the responses (the results screen then reads them), e.g. the texts given as "Other". */
  readsResponses(question: QuestionResult): boolean;
}
