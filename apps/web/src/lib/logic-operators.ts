import type { LogicOperator } from '@quorum/contract';

/** The conditions as the editor words them, after "If the answer". */
export const OPERATOR_LABELS: Record<LogicOperator, string> = {
  equals: 'is',
  not_equals: 'is not',
  includes: 'includes',
  not_includes: 'does not include',
  less_than: 'is less than',
  greater_than: 'is more than',
  answered: 'is answered',
  skipped: 'is skipped',
};

/** Whether a condition compares the answer with a value (all but "is answered" and "is skipped"). */
export function needsValue(operator: LogicOperator): boolean {
  return operator !== 'answered' && operator !== 'skipped';
}
