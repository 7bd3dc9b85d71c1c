import { emptyAnswers, isAnswerValue, type AnswerValue } from '@quorum/contract';

/**
 * A response's stored answers JSON, read back as a record without a prototype holding only what is an answer.
 * JSON.parse gives `{"__proto__": …}` an own key of that name; copied here it stays an ordinary key, and an id
 * such as "constructor" that was not answered reads as nothing instead of Object.prototype's member.
 */
export function parseAnswers(json: string): Record<string, AnswerValue> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return emptyAnswers();
  }
  const answers = emptyAnswers();
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return answers;
  for (const [questionId, value] of Object.entries(parsed)) {
    if (isAnswerValue(value)) answers[questionId] = value;
  }
  return answers;
}
