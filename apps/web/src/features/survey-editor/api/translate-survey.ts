import { useMutation } from '@tanstack/react-query';
import {
  translateSurveyResponseSchema,
  type SurveyTranslation,
  type TranslateSurveyBody,
  type TranslateSurveyResponse,
} from '@quorum/contract';
import { api } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/use-public-config';

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
  return usePublicConfig()?.aiTranslation === true;
};
