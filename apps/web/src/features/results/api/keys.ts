/**
 * Query keys of the results screen; invalidating `resultsKeys.survey(id)` refreshes everything on it. `filterKey`
 * is the filter's query text ('' for none), so each filter has its own cached statistics and pages.
 */
export const resultsKeys = {
  all: ['results'] as const,
  survey: (surveyId: string) => [...resultsKeys.all, surveyId] as const,
  summaries: (surveyId: string) => [...resultsKeys.survey(surveyId), 'summary'] as const,
  summary: (surveyId: string, filterKey: string) => [...resultsKeys.summaries(surveyId), filterKey] as const,
  responseLists: (surveyId: string) => [...resultsKeys.survey(surveyId), 'responses'] as const,
  responses: (surveyId: string, filterKey: string, pageSize: number) =>
    [...resultsKeys.responseLists(surveyId), filterKey, pageSize] as const,
  response: (surveyId: string, responseId: string) =>
    [...resultsKeys.survey(surveyId), 'response', responseId] as const,
};
