import type { Question } from '@quorum/contract';
import type { QuestionsTable } from '../../db/schema';
import { serverQuestionType } from '../../question-types';

/**
 * The one mapping between the contract's question and its stored row, in both directions. Every module that
 * reads questions (surveys, responses, results) reads them through `questionFromRow`.
 */
export type QuestionRow = QuestionsTable;

/** What `questionFromRow` reads of a row. */
export type StoredQuestion = Pick<QuestionRow, 'id' | 'text' | 'type' | 'options' | 'rating_scale'>;

/** A question as stored: id, position and text, and what its type keeps (options, rating scale) as JSON text. */
export function questionRow(surveyId: string, position: number, q: Question): QuestionRow {
  return {
    survey_id: surveyId,
    id: q.id,
    position,
    text: q.text,
    type: q.type,
    ...serverQuestionType(q.type).toRow(q),
    is_deleted: 0,
  };
}

/**
 * The contract's question from its stored row. Reading never throws, so one damaged row cannot take a survey,
 * its public page or its results down: each type reads what it can (unreadable options read as none, an
 * unreadable rating scale as the 1–5 preset).
 */
export function questionFromRow(row: StoredQuestion): Question {
  return serverQuestionType(row.type).fromRow(row);
}
