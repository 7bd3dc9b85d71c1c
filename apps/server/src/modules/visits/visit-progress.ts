/**
 * The funnel's rules for one visit, apart from storage: which counters a step of a visit moves. A visit keeps the
 * questions it reached and the ones it went on from (each once), so no step is ever counted twice.
 */

/** The questions a visit reached and went on from, in the order it did. */
export interface VisitPath {
  reached: readonly string[];
  passed: readonly string[];
}

/** What one step adds to the counters. */
export interface VisitStep {
  /** The visit's path after the step. */
  path: VisitPath;
  /** A question reached for the first time by this visit: its `reached` counter goes up. */
  reached?: string;
  /** A question this visit went on from for the first time: its `answered` counter goes up. */
  answered?: string;
  /** The visit went on from a question for the first time: the survey's `starts` goes up. */
  started: boolean;
}

/** Going on from the question reached last (to another question, or to submit), when it was not passed yet. */
function passLast(path: VisitPath): { passed: readonly string[]; answered?: string } {
  const last = path.reached.at(-1);
  if (last === undefined || path.passed.includes(last)) return { passed: path.passed };
  return { passed: [...path.passed, last], answered: last };
}

/**
 * The visit reached `questionId`. The first time only: it counts as reached, and the question reached just before
 * counts as answered (the respondent went on from it), which makes the visit a start the first time it happens.
 * Reaching a question again (going back and forth) changes nothing.
 */
export function reachQuestion(path: VisitPath, questionId: string): VisitStep {
  if (path.reached.includes(questionId)) return { path, started: false };
  const { passed, answered } = passLast(path);
  return {
    path: { reached: [...path.reached, questionId], passed },
    reached: questionId,
    ...(answered === undefined ? {} : { answered }),
    started: path.passed.length === 0 && passed.length > 0,
  };
}

/**
 * The visit ended in a response: the question reached last counts as answered, and a visit that never went on from
 * a question counts as started now (a one-question survey submitted directly, or a page that never told progress).
 */
export function completeVisit(path: VisitPath): VisitStep {
  const { passed, answered } = passLast(path);
  return {
    path: { reached: path.reached, passed },
    ...(answered === undefined ? {} : { answered }),
    started: path.passed.length === 0,
  };
}

/** A stored JSON list of question ids, read back; anything else reads as an empty list. */
export function parseIdList(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
