// The tallies module's face: what other modules may use. It owns the counter tables (`answer_counts`,
// `question_totals`, `other_texts`, `response_timeline`, `completion_times`) and the rules that move them.
export { talliesProjection } from './tallies.projection';
export { emptyTally, tallyResponse, tallyRetiredAnswer, tallyRows } from './answer-tally';
export { freeTextOf, hasFreeTexts } from './free-texts';
export { daysFromQuarters, quarterOf } from './timeline';
export {
  answeredByQuestion,
  listAnswerCounts,
  listNewestOtherTexts,
  listQuestionTotals,
  listTimelineQuarters,
  readCompletionTimes,
  type AnswerCountRow,
  type QuestionTotalRow,
} from './tallies.repository';
