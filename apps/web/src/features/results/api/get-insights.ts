import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { insightsResponseSchema, type InsightsResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { resultsKeys } from './keys';

/**
 * GET …/results/insights?questionId=&(filter): themes and sentiment of a question's free-text answers (a text
 * question's, or its "Other" texts). `filterParams` is the results filter as query parameters ('' for none). The
 * answer is checked against the contract: the block sits inside every text question's card, and an answer of
 * another shape must show as "could not be loaded" there rather than break the card.
 */
export const getInsights = async (
  surveyId: string,
  questionId: string,
  filterParams: string,
  signal?: AbortSignal,
): Promise<InsightsResponse> => {
  const params = new URLSearchParams(filterParams);
  params.set('questionId', questionId);
  const body = await api<unknown>(`/api/surveys/${encodeURIComponent(surveyId)}/results/insights?${params}`, {
    signal,
  });
  return insightsResponseSchema.parse(body);
};

export const insightsQueryOptions = (surveyId: string, questionId: string, filterParams: string) =>
  queryOptions({
    queryKey: [...resultsKeys.survey(surveyId), 'insights', questionId, filterParams] as const,
    queryFn: ({ signal }) => getInsights(surveyId, questionId, filterParams, signal),
    // Themes move slowly: read again after a minute at most, not on every new response.
    staleTime: 60_000,
  });

/** The insights of one question, read once `enabled` (when the block comes into view). */
export const useInsights = (
  surveyId: string,
  questionId: string,
  { filterParams = '', enabled = true }: { filterParams?: string; enabled?: boolean } = {},
) =>
  useQuery({
    ...insightsQueryOptions(surveyId, questionId, filterParams),
    enabled,
    // A new filter keeps the previous themes on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
