/** Query keys of the results screen; invalidating `resultsKeys.survey(id)` refreshes everything on it. */
export const resultsKeys = {
  all: ['results'] as const,
  survey: (surveyId: string) => [...resultsKeys.all, surveyId] as const,
  summary: (surveyId: string) => [...resultsKeys.survey(surveyId), 'summary'] as const,
  responses: (surveyId: string, pageSize: number) => [...resultsKeys.survey(surveyId), 'responses', pageSize] as const,
};
