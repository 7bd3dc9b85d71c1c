import { useMutation, useQuery } from '@tanstack/react-query';
import {
  translateSurveyResponseSchema,
  type SurveyTranslation,
  type TranslateSurveyBody,
  type TranslateSurveyResponse,
} from '@quorum/contract';
import { api } from '@/lib/api-client';
import { loadConfig } from '@/lib/bot-check';

/** A draft translation of the survey as saved, for the author to review (the server stores nothing). */
export const translateSurvey = async (surveyId: string, body: TranslateSurveyBody): Promise<SurveyTranslation> => {
  const answer = await api<TranslateSurveyResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/translate`, {
    method: 'POST',
    body,
  });
  // Checked all the same: the draft goes into the form as it comes.
  return translateSurveyResponseSchema.parse(answer).translation;
};

export const useTranslateSurvey = (surveyId: string) =>
  useMutation({ mutationFn: (language: string) => translateSurvey(surveyId, { language }) });

/** Whether the server has an AI provider, so "Translate with AI" can be offered (GET /api/config). */
export const useAiTranslationOffered = (): boolean => {
  const config = useQuery({ queryKey: ['public-config'], queryFn: loadConfig, staleTime: Infinity });
  return config.data?.aiTranslation === true;
};
