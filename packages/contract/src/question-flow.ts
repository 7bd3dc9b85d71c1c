// Which question comes next: one pure function for the runner and the server's response check, so the two can
// never disagree about the path a respondent takes. Free of zod: the public survey page imports it.
import { answerFor, isAnswered, type AnswerValue } from './answers';
import { questionTypeIs } from './question-types/families';
import type { QuestionType } from './survey-constants';

/** The conditions a skip-logic rule can test a question's answer with. */
export const LOGIC_OPERATORS = [
  'equals',
  'not_equals',
  'includes',
  'not_includes',
  'less_than',
  'greater_than',
  'answered',
  'skipped',
] as const;
export type LogicOperator = (typeof LOGIC_OPERATORS)[number];

/** Where a rule sends the respondent when nothing follows: the end of the survey (submit). */
export const LOGIC_END = 'end';

/**
 * A skip-logic rule on a question: when its answer meets the condition, the respondent goes on at `goTo` (a later
 * question's id, or "end"). A question's rules are checked in order once it is answered or skipped; the first that
 * matches wins, and with none the next question follows.
 */
export interface LogicRule {
  when: { operator: LogicOperator; value?: string | number };
  goTo: string;
}

/** The conditions that fit each type's answers (answered and skipped fit every type); typed over every type. */
const OPERATORS_BY_TYPE: { readonly [T in QuestionType]: readonly LogicOperator[] } = {
  multiple_choice: ['equals', 'not_equals'],
  dropdown: ['equals', 'not_equals'],
  checkbox: ['includes', 'not_includes'],
  rating: ['equals', 'not_equals', 'less_than', 'greater_than'],
  nps: ['equals', 'not_equals', 'less_than', 'greater_than'],
  number: ['equals', 'not_equals', 'less_than', 'greater_than'],
  text: ['equals', 'not_equals'],
  email: ['equals', 'not_equals'],
  date: ['equals', 'not_equals'],
  ranking: [],
  matrix: [],
};

/** The conditions a rule on a question of `type` may use, in the order the editor offers them. */
export function logicOperatorsFor(type: string): LogicOperator[] {
  return [
    ...(Object.hasOwn(OPERATORS_BY_TYPE, type) ? OPERATORS_BY_TYPE[type as QuestionType] : []),
    'answered',
    'skipped',
  ];
}

/** The least a question needs for the flow: its id, and for skip logic its type and rules. */
export interface FlowQuestion {
  id: string;
  type?: string;
  logic?: readonly LogicRule[] | undefined;
}

function sameAnswer(type: string | undefined, answer: AnswerValue, value: string | number): boolean {
  if (Array.isArray(answer)) return false;
  if (questionTypeIs(type, 'numeric')) return Number(answer) === Number(value);
  if (questionTypeIs(type, 'text')) {
    return String(answer).trim().toLowerCase() === String(value).trim().toLowerCase();
  }
  return String(answer) === String(value);
}

/** Whether `answer` (undefined when the question was skipped) meets a rule's condition. */
export function ruleMatches(
  question: Pick<FlowQuestion, 'type'>,
  when: LogicRule['when'],
  answer: AnswerValue | undefined,
): boolean {
  const answered = answer !== undefined && isAnswered(answer);
  if (when.operator === 'answered') return answered;
  if (when.operator === 'skipped') return !answered;
  // Every other condition is about an answer: a skipped question meets none of them.
  if (!answered || when.value === undefined) return false;
  const value = when.value;
  switch (when.operator) {
    case 'equals':
      return sameAnswer(question.type, answer, value);
    case 'not_equals':
      return !sameAnswer(question.type, answer, value);
    case 'includes':
      return Array.isArray(answer) && answer.includes(String(value));
    case 'not_includes':
      return Array.isArray(answer) && !answer.includes(String(value));
    case 'less_than':
      return !Array.isArray(answer) && Number(answer) < Number(value);
    case 'greater_than':
      return !Array.isArray(answer) && Number(answer) > Number(value);
  }
}

/** Where the first matching rule of `question` sends the respondent (a question id or "end"), or undefined. */
export function logicTarget(question: FlowQuestion, answer: AnswerValue | undefined): string | undefined {
  for (const rule of question.logic ?? []) {
    if (ruleMatches(question, rule.when, answer)) return rule.goTo;
  }
  return undefined;
}

/**
 * Where a respondent goes after the question at `index`, given its answer (undefined when skipped): the index of
 * the next question, or -1 at the end. A rule sends them on to a later question or to the end; a rule pointing at
 * a question that is gone, or backwards, is passed over like one that does not match.
 */
export function nextIndex(
  questions: readonly FlowQuestion[],
  index: number,
  answer: AnswerValue | undefined,
  positions?: ReadonlyMap<string, number>,
): number {
  const target = logicTarget(questions[index]!, answer);
  if (target === LOGIC_END) return -1;
  if (target !== undefined) {
    const at = positions ? positions.get(target) : questions.findIndex((q) => q.id === target);
    if (at !== undefined && at > index) return at;
  }
  return index + 1 < questions.length ? index + 1 : -1;
}

/**
 * Whether a respondent who has reached the questions `reached` (ids, in any order) can be shown `questionId` next,
 * whatever their answers: the first question; one they reached already (going back); the question after one they
 * reached; or a later question a rule of one they reached sends them to. The funnel takes a visit's progress only
 * along these steps. The answers are not known there, so every rule counts as one that could match.
 */
export function canFollow(questions: readonly FlowQuestion[], reached: readonly string[], questionId: string): boolean {
  if (questions[0]?.id === questionId || reached.includes(questionId)) return true;
  const positions = questionPositions(questions);
  const target = positions.get(questionId);
  if (target === undefined) return false;
  return reached.some((id) => {
    const at = positions.get(id);
    if (at === undefined || at >= target) return false;
    return at + 1 === target || (questions[at]!.logic ?? []).some((rule) => rule.goTo === questionId);
  });
}

/** Question id → position in the survey, for following rules. */
export function questionPositions(questions: readonly FlowQuestion[]): Map<string, number> {
  return new Map(questions.map((q, index) => [q.id, index]));
}

/**
 * The questions a respondent is asked, in order, given the answers so far: from the first question, each
 * question's rules decide where to go on (a question not answered yet counts as skipped). With no rules, every
 * question of the survey, in survey order.
 */
export function questionPath<Q extends FlowQuestion>(
  questions: readonly Q[],
  answers: Readonly<Record<string, AnswerValue>>,
): Q[] {
  const positions = questionPositions(questions);
  const path: Q[] = [];
  for (let index = questions.length > 0 ? 0 : -1; index >= 0;) {
    const question = questions[index]!;
    path.push(question);
    index = nextIndex(questions, index, answerFor(answers, question.id), positions);
  }
  return path;
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
