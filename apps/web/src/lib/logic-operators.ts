import type { LogicOperator } from '@quorum/contract';
import { i18n } from '@/i18n/i18n';

/**
 * A condition as the editor's rules and the results filter word it, after "If the answer" ("is", "is more than"),
 * in the interface's language.
 */
export function operatorLabel(operator: LogicOperator): string {
  return i18n.t(`common:logicOperators.${operator}`);
}

/** Whether a condition compares the answer with a value (all but "is answered" and "is skipped"). */
export function needsValue(operator: LogicOperator): boolean {
  return operator !== 'answered' && operator !== 'skipped';
}
