import { isRequired, logicRuleSchema, type LogicRule, type Question } from '@quorum/contract';
import { z } from 'zod';
import type { QuestionsTable } from '../../db/schema';
import { serverQuestionType } from '../../question-types';
import { parseJson } from '../../question-types/shared';

/**
 * The one mapping between the contract's question and its stored row, in both directions. Every module that
 * reads questions (surveys, responses, results) reads them through `questionFromRow`.
 */
export type QuestionRow = QuestionsTable;

/** What `questionFromRow` reads of a row. */
export type StoredQuestion = Pick<
  QuestionRow,
  'id' | 'text' | 'type' | 'options' | 'rating_scale' | 'settings' | 'required' | 'description' | 'logic'
>;

/** The columns `questionFromRow` reads, for selects. */
export const STORED_QUESTION_COLUMNS = [
  'id',
  'text',
  'type',
  'options',
  'rating_scale',
  'settings',
  'required',
  'description',
  'logic',
] as const satisfies ReadonlyArray<keyof StoredQuestion>;

/**
 * A question as stored: id, position and text, whether it is required, its help text and skip logic, and what
 * its type keeps (options, rating scale, settings) as JSON text. Absent help text and logic are stored as null.
 */
export function questionRow(surveyId: string, position: number, q: Question): QuestionRow {
  return {
    survey_id: surveyId,
    id: q.id,
    position,
    text: q.text,
    type: q.type,
    ...serverQuestionType(q.type).toRow(q),
    is_deleted: 0,
    required: isRequired(q) ? 1 : 0,
    description: q.description ? q.description : null,
    logic: q.logic && q.logic.length > 0 ? JSON.stringify(q.logic) : null,
  };
}

const storedLogicSchema = z.array(logicRuleSchema);

/** Stored rules; unreadable rules read as none (the respondent then simply goes to the next question). */
function logicFrom(text: string | null): LogicRule[] | undefined {
  const parsed = storedLogicSchema.safeParse(parseJson(text));
  return parsed.success && parsed.data.length > 0 ? parsed.data : undefined;
}

/**
 * The contract's question from its stored row. Reading never throws, so one damaged row cannot take a survey,
 * its public page or its results down: each type reads what it can (unreadable options read as none, an
 * unreadable rating scale as the 1–5 preset, unreadable settings or logic as none). `required` is always set:
 * only a stored 0 makes a question optional.
 */
export function questionFromRow(row: StoredQuestion): Question {
  const logic = logicFrom(row.logic);
  return {
    ...serverQuestionType(row.type).fromRow(row),
    required: Number(row.required) !== 0,
    ...(row.description ? { description: row.description } : {}),
    ...(logic ? { logic } : {}),
  };
}
