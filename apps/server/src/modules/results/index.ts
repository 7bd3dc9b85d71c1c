// The results module's face: what other modules may use of it (docs/architecture.md).
export { createExportLinkSigner } from './export-link';
export { answerCell } from './export-rows';
export { checkFilterLanguages } from './filter-languages';
export { readFunnel } from './funnel';
export { compileFilter } from './response-filter';
export { flagsOf, loadFlagRules } from './response-flags';
export { responseRoutes } from './response.routes';
export {
  parseHiddenFields,
  readStoredAnswers,
  type ResultQuestion,
  toResponseRow,
  toResultQuestion,
} from './result-rows';
export { contentDisposition } from './results.csv';
export {
  findDeclaredHiddenFields,
  latestResponseId,
  listResponsesAfter,
  listResultQuestions,
  readResultsSnapshot,
  type ResponseDbRow,
} from './results.repository';
export { resultsRoutes } from './results.routes';
export { buildQuestionResults } from './results.service';
