import { isOtherAnswer, questionTypeIs, type AnswerValue, type Question } from '@quorum/contract';

/**
 * The free texts of a question, for insights and a shared report's text answers: a text question's answers, and
 * the respondents' own "Other" texts of a question that offers "Other" (a stored answer that is none of the
 * options; in a checkbox answer, the one such element). Never email answers, never options.
 */
export function hasFreeTexts(question: Question): boolean {
  if (questionTypeIs(question.type, 'freeText')) return true;
  return questionTypeIs(question.type, 'allowsOther') && 'allowOther' in question && question.allowOther === true;
}

/** The free text an answer to `question` holds, trimmed; undefined for none. */
export function freeTextOf(question: Question, answer: AnswerValue | undefined): string | undefined {
  if (answer === undefined || !hasFreeTexts(question)) return undefined;
  if (questionTypeIs(question.type, 'freeText')) return typeof answer === 'string' ? nonEmpty(answer) : undefined;
  const other = { options: question.options, allowOther: true };
  if (typeof answer === 'string') return isOtherAnswer(other, answer) ? nonEmpty(answer) : undefined;
  if (Array.isArray(answer)) {
    const own = answer.find((a) => isOtherAnswer(other, a));
    return own === undefined ? undefined : nonEmpty(own);
  }
  return undefined;
}

function nonEmpty(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}
