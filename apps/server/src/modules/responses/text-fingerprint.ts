import { createHash } from 'node:crypto';
import { answerFor, questionTypeIs, type AnswerValue, type Question } from '@quorum/contract';

/** A text answer as the duplicate check compares it: trimmed, lower-case, every run of whitespace one space. */
function normalised(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/gu, ' ');
}

/**
 * The fingerprint of a response's free text, for the duplicate flag: the first 128 bits of the SHA-256 of its
 * non-empty answers to text questions, normalised, keyed by question id in id order (22 characters, base64url: a
 * short key keeps its index small, and 128 bits never collide by chance). Null when the response has no such answer, so a
 * response without text is never anyone's duplicate.
 */
export function textFingerprint(
  questions: readonly Question[],
  answers: Readonly<Record<string, AnswerValue>>,
): string | null {
  const entries: [string, string][] = [];
  for (const question of questions) {
    if (!questionTypeIs(question.type, 'freeText')) continue;
    const value = answerFor(answers, question.id);
    if (typeof value !== 'string') continue;
    const text = normalised(value);
    if (text !== '') entries.push([question.id, text]);
  }
  if (entries.length === 0) return null;
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(entries)).digest().subarray(0, 16).toString('base64url');
}
