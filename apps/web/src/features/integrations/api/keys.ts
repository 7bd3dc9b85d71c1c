/** Query keys of a survey's webhooks; invalidating `webhookKeys.survey(id)` reads its list and deliveries again. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  survey: (surveyId: string) => [...webhookKeys.all, surveyId] as const,
  list: (surveyId: string) => [...webhookKeys.survey(surveyId), 'list'] as const,
  deliveries: (surveyId: string, webhookId: string) =>
    [...webhookKeys.survey(surveyId), 'deliveries', webhookId] as const,
};

/** /api/surveys/:surveyId/webhooks[/:webhookId] */
export const webhooksPath = (surveyId: string, webhookId?: string) =>
  `/api/surveys/${encodeURIComponent(surveyId)}/webhooks${webhookId === undefined ? '' : `/${encodeURIComponent(webhookId)}`}`;
