export * from './errors';
export * from './validation-errors';
export * from './health';
export * from './auth';
export * from './sso';
export * from './audit';
export * from './account';
export * from './two-factor';
export * from './surveys';
export * from './responses';
export * from './results';
export * from './request-limits';
export * from './question-flow';
export * from './question-rules';
export {
  QUESTION_TYPES,
  NPS_OPTIONS,
  checkAnswer,
  isIsoDate,
  isOtherAnswer,
  onStep,
  parseDecimal,
} from './question-types';
export type { DateRange, NumberRange } from './question-types';
export type { QuestionOf } from './question-types';
