// Which question comes next: one pure function for the runner and the server's response check, so the two can
// never disagree about the path a respondent takes. Free of zod: the public survey page imports it.
import type { AnswerValue } from './answers';

/** The least a question needs for the flow: its id. */
interface FlowQuestion {
  id: string;
}

/**
 * The questions a respondent is asked, in order, given the answers so far. Every question of the survey, in
 * survey order: the place where skip logic will decide otherwise.
 */
export function questionPath<Q extends FlowQuestion>(
  questions: readonly Q[],
  _answers: Readonly<Record<string, AnswerValue>>,
): Q[] {
  return [...questions];
}

/** The question `step` places from `currentId` on the path given the answers so far, or null past either end. */
function neighbour<Q extends FlowQuestion>(
  questions: readonly Q[],
  answers: Readonly<Record<string, AnswerValue>>,
  currentId: string,
  step: 1 | -1,
): Q | null {
  const path = questionPath(questions, answers);
  const at = path.findIndex((q) => q.id === currentId);
  return at < 0 ? null : (path[at + step] ?? null);
}

/** The question that comes after `currentId` given the answers so far, or null when the respondent is done. */
export function nextQuestion<Q extends FlowQuestion>(
  questions: readonly Q[],
  answers: Readonly<Record<string, AnswerValue>>,
  currentId: string,
): Q | null {
  return neighbour(questions, answers, currentId, 1);
}

/** The question asked before `currentId` given the answers so far (where Back goes), or null at the first. */
export function previousQuestion<Q extends FlowQuestion>(
  questions: readonly Q[],
  answers: Readonly<Record<string, AnswerValue>>,
  currentId: string,
): Q | null {
  return neighbour(questions, answers, currentId, -1);
}
