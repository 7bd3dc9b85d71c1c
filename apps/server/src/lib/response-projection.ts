import type { Kysely, QueryCreator, Transaction } from 'kysely';
import type { AnswerValue, Question } from '@quorum/contract';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The seam of the response write (docs/architecture.md, "Projections"). A projection keeps its own tables in step
 * with the stored responses: the tallies (answer counts, question totals, "Other" texts, timeline, completion
 * times) and the funnel today. The responses module writes the response rows and calls every projection it was
 * given, in list order, inside the same transaction; it knows none of their tables.
 */
export interface ResponseProjection {
  /**
   * Runs first, before any response row is written: may read, lock and write the projection's own rows, and answers
   * what it adds to each response's row, by response id (the funnel: the visit a response ends and how long it took).
   */
  prepare?(
    trx: Executor,
    dialect: Dialect,
    surveyId: string,
    responses: readonly NewResponseFacts[],
  ): Promise<ResponseLinks>;
  /** The rows new responses add, handed to the write (so PostgreSQL can write a batch in one statement). */
  stored(survey: ProjectedSurvey, responses: readonly ProjectedResponse[]): ProjectionWrites;
  /** Takes one deleted response out again (its row is already gone, in the same transaction). */
  deleted(trx: Executor, survey: ProjectedSurvey, response: ProjectedResponse): Promise<void>;
  /** Questions that no longer exist: their rows go. */
  questionsDropped(trx: Executor, surveyId: string, questionIds: readonly string[]): Promise<void>;
  /** Surveys deleted for good (every survey of these workspaces): all their rows go. */
  surveysPurged(trx: Executor, workspaceIds: readonly string[]): Promise<void>;
}

/** What a response's row takes from a projection's `prepare`: the visit it ended, and its time from opening. */
export type ResponseLinks = ReadonlyMap<string, { visitId: string; durationMs: number }>;

/** A new response as `prepare` sees it: before its row exists. */
export interface NewResponseFacts {
  id: string;
  submittedAt: string;
  /** The visit the respondent says this response ends; null for none. */
  visitId: string | null;
}

/** The survey a projection works for, with its questions: current ones in order, and (for a deletion) deleted ones. */
export interface ProjectedSurvey {
  id: string;
  questions: readonly Question[];
  deletedQuestions?: readonly Question[];
}

/** A response as stored (answers in stored form, keyed by question id). */
export interface ProjectedResponse {
  id: string;
  submittedAt: string;
  answers: Readonly<Record<string, AnswerValue>>;
  /** The visit it ended, with its time from opening the page; both null when it ended none. */
  visitId: string | null;
  durationMs: number | null;
}

/** A projection's rows for new responses, written either way the write chooses. */
export interface ProjectionWrites {
  /** The most rows any one of its tables receives (the one-statement write is for small batches). */
  readonly rows: number;
  /** Adds its writes to one statement as data-modifying `with` clauses (PostgreSQL). */
  withClauses(statement: QueryCreator<Database>): QueryCreator<Database>;
  /** Writes them as separate statements, in chunks. */
  write(trx: Executor): Promise<void>;
}
