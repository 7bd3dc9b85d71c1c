import { FIVE_POINT_SCALE, type Question, type RatingScale } from '@quorum/contract';
import type { QuestionsTable } from '../../db/schema';

/**
 * The one mapping between the contract's question and its stored row, in both directions. Every module that
 * reads questions (surveys, responses, results) reads them through `questionFromRow`.
 */
export type QuestionRow = QuestionsTable;

/** What `questionFromRow` reads of a row. */
export type StoredQuestion = Pick<QuestionRow, 'id' | 'text' | 'type' | 'options' | 'rating_scale'>;

/** A question as stored: options and rating scale as JSON text, the rating scale for rating questions only. */
export function questionRow(
  surveyId: string,
  position: number,
  q: Pick<Question, 'id' | 'text' | 'type' | 'options'> & { ratingScale?: RatingScale },
): QuestionRow {
  return {
    survey_id: surveyId,
    id: q.id,
    position,
    text: q.text,
    type: q.type,
    options: JSON.stringify(q.options),
    rating_scale: q.type === 'rating' && q.ratingScale ? JSON.stringify(q.ratingScale) : null,
    is_deleted: 0,
  };
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function optionsFrom(text: string): string[] {
  const options = parseJson(text);
  return Array.isArray(options) ? options.filter((o): o is string => typeof o === 'string') : [];
}

function ratingScaleFrom(text: string | null): RatingScale {
  const scale = parseJson(text) as Partial<RatingScale> | null | undefined;
  if (!scale || typeof scale !== 'object' || !Number.isInteger(scale.min) || !Number.isInteger(scale.max)) {
    return { ...FIVE_POINT_SCALE, labels: { ...FIVE_POINT_SCALE.labels } };
  }
  const labels = scale.labels && typeof scale.labels === 'object' ? scale.labels : {};
  return { min: scale.min!, max: scale.max!, labels };
}

/**
 * The contract's question from its stored row. Reading never throws, so one damaged row cannot take a survey,
 * its public page or its results down: unreadable options read as none, and an unreadable rating scale as the
 * 1–5 preset (the scale a rating question gets when its author sends none).
 */
export function questionFromRow(row: StoredQuestion): Question {
  const { id, text } = row;
  switch (row.type) {
    case 'rating':
      return {
        id,
        text,
        type: 'rating',
        options: optionsFrom(row.options),
        ratingScale: ratingScaleFrom(row.rating_scale),
      };
    case 'text':
      return { id, text, type: 'text', options: [] };
    case 'multiple_choice':
    case 'checkbox':
      return { id, text, type: row.type, options: optionsFrom(row.options) };
  }
}
