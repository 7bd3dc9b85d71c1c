import {
  answerFor,
  isAnswerValue,
  isHiddenFieldFilter,
  isLanguageFilter,
  logicOperatorsFor,
  ownValue,
  ruleMatches,
  type AnswerValue,
  type ResultsFilter,
} from '@quorum/contract';
import { BadRequestError } from '../../lib/errors';
import type { ResultQuestion } from './result-rows';

/** What a filter looks at in one response: its stored answers and hidden fields, read once. */
export interface FilterableResponse {
  answers: Readonly<Record<string, AnswerValue>>;
  hiddenFields: Readonly<Record<string, string>> | undefined;
  /** The survey language it was answered in. */
  language?: string | undefined;
}

/**
 * A results filter checked against the survey, ready to test responses. `from`/`to` are left to the query
 * (`submitted_at` in [from, to)); `matches` tests the answer and hidden-field conditions, all of which must hold.
 * `hideFlagged` is the caller's (flags need more than the response itself).
 */
export interface CompiledFilter {
  from: string | undefined;
  to: string | undefined;
  hideFlagged: boolean;
  /** Whether any answer or hidden-field condition is given (else every response in the range matches). */
  hasConditions: boolean;
  /** Whether a condition reads hidden fields (else they need not be read). */
  readsHiddenFields: boolean;
  matches(response: FilterableResponse): boolean;
}

/**
 * Checks a filter against the survey and compiles it. Answer conditions use skip logic's comparison
 * (`ruleMatches`) with the operators that fit the question's type (`logicOperatorsFor`); they may name any question
 * the survey ever had (deleted ones too, as the results list them). Hidden-field conditions equal exactly and must
 * name a declared field. A language condition keeps the responses given in that language. Throws 400 UNKNOWN_QUESTION, FILTER_OPERATOR_INVALID, FILTER_VALUE_MISSING or
 * HIDDEN_FIELD_UNKNOWN before anything is read.
 */
export function compileFilter(
  filter: ResultsFilter,
  questions: readonly ResultQuestion[],
  hiddenKeys: readonly string[],
): CompiledFilter {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const declared = new Set(hiddenKeys);
  const tests: ((response: FilterableResponse) => boolean)[] = [];
  let readsHiddenFields = false;
  for (const condition of filter.filters ?? []) {
    if (isLanguageFilter(condition)) {
      // Checked against the survey's languages by checkFilterLanguages (it needs the database).
      const { language } = condition;
      tests.push((response) => response.language === language);
      continue;
    }
    if (isHiddenFieldFilter(condition)) {
      const { hiddenField: key, value } = condition;
      if (!declared.has(key)) throw new BadRequestError('HIDDEN_FIELD_UNKNOWN', { key });
      readsHiddenFields = true;
      tests.push((response) => ownValue(response.hiddenFields, key) === value);
      continue;
    }
    const { questionId, operator, value } = condition;
    const question = byId.get(questionId);
    if (!question) throw new BadRequestError('UNKNOWN_QUESTION', { questionId });
    if (!logicOperatorsFor(question.type).includes(operator)) {
      throw new BadRequestError('FILTER_OPERATOR_INVALID', { operator, questionId });
    }
    if (operator !== 'answered' && operator !== 'skipped' && value === undefined) {
      throw new BadRequestError('FILTER_VALUE_MISSING', { operator, questionId });
    }
    const when = value === undefined ? { operator } : { operator, value };
    tests.push((response) => {
      const answer = answerFor(response.answers, questionId);
      return ruleMatches(question, when, answer !== undefined && isAnswerValue(answer) ? answer : undefined);
    });
  }
  return {
    from: filter.from,
    to: filter.to,
    hideFlagged: filter.hideFlagged === true,
    hasConditions: tests.length > 0,
    readsHiddenFields,
    matches: (response) => tests.every((test) => test(response)),
  };
}
