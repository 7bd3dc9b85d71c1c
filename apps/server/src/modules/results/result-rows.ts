import { emptyAnswers, type AnswerValue, type Question, type ResponseFlag, type ResponseRow } from '@quorum/contract';
import { questionFromRow } from '../surveys';
import { parseAnswers } from '../responses';
import type { ResponseDbRow, ResultsQuestionRow } from './results.repository';

/** Stored rows as the results read them: questions (current or deleted) and responses. */

/** A stored question as the results need it: current or deleted. */
export type ResultQuestion = Question & { isDeleted: boolean };

export function toResultQuestion(row: ResultsQuestionRow): ResultQuestion {
  return { ...questionFromRow(row), isDeleted: row.is_deleted === 1 };
}

const NO_ANSWERS: Readonly<Record<string, AnswerValue>> = Object.freeze(emptyAnswers());

/**
 * A response's stored answers JSON for a pass over many responses: parsed once and not copied. JSON.parse makes
 * every key an own property ("__proto__" included), so reading through `answerFor` (own keys only) stays safe;
 * values are not checked here, so readers check each with `isAnswerValue` as they use it. Never throws.
 */
export function readStoredAnswers(json: string): Readonly<Record<string, AnswerValue>> {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, AnswerValue>)
      : NO_ANSWERS;
  } catch {
    return NO_ANSWERS;
  }
}

/**
 * A response's stored hidden fields JSON, read back as name → text (anything else left out); undefined for none or
 * for a row that does not hold an object. Never throws.
 */
export function parseHiddenFields(json: string | null | undefined): Record<string, string> | undefined {
  if (!json) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const entries = Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  // fromEntries defines own keys, so a name such as "__proto__" stays an ordinary key.
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** A completion time as a response row shows it: seconds with one decimal; null for a response without one. */
export function durationSecondsOf(durationMs: number | string | null): number | null {
  if (durationMs === null) return null;
  const ms = Number(durationMs);
  return Number.isFinite(ms) ? Math.round(ms / 100) / 10 : null;
}

/** A stored response as a row of the results (the caller passes its quality flags; none by default). */
export function toResponseRow(
  row: Pick<ResponseDbRow, 'id' | 'submitted_at' | 'answers' | 'hidden_fields' | 'duration_ms' | 'language'>,
  flags: ResponseFlag[] = [],
): ResponseRow {
  const hiddenFields = parseHiddenFields(row.hidden_fields);
  return {
    responseId: row.id,
    submittedAt: row.submitted_at,
    answers: parseAnswers(row.answers),
    ...(hiddenFields ? { hiddenFields } : {}),
    durationSeconds: durationSecondsOf(row.duration_ms),
    flags,
    language: row.language,
  };
}
