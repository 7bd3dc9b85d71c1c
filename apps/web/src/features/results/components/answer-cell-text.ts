import { answerText, type AnswerValue, type QuestionResult } from '@quorum/contract';

/**
 * An answer as the responses table shows it: a ranking as numbered places in the respondent's order ("1. A;
 * 2. B"), a matrix as "Row: Column" per row, anything else as its one line of text ('' for no answer).
 */
export function answerCellText(
  question: Pick<QuestionResult, 'type' | 'rows'>,
  value: AnswerValue | undefined,
): string {
  if (Array.isArray(value) && question.type === 'ranking') {
    return value.map((option, index) => `${index + 1}. ${option}`).join('; ');
  }
  if (Array.isArray(value) && question.type === 'matrix') {
    const rows = question.rows ?? [];
    return value.map((column, index) => (rows[index] ? `${rows[index].row}: ${column}` : column)).join('; ');
  }
  return answerText(value);
}
