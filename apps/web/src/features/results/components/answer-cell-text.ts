import { answerText, type AnswerValue, type QuestionResult } from '@quorum/contract';
import { questionResultOf } from '@/question-types/results';

/**
 * An answer as the responses table shows it: a ranking as numbered places in the respondent's order ("1. A;
 * 2. B"), a matrix as "Row: Column" per row, anything else as its one line of text ('' for no answer).
 */
export function answerCellText(
  question: Pick<QuestionResult, 'type' | 'rows'>,
  value: AnswerValue | undefined,
): string {
  const listText = questionResultOf(question.type).listText;
  return Array.isArray(value) && listText ? listText(question, value) : answerText(value);
}
