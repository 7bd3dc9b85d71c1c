import { expect, type APIRequestContext } from '@playwright/test';
import type { AnswerValue, StateChangeResponse, Survey, SurveyInput, SurveyState } from '@quorum/contract';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Creates a survey through the API as the account whose session `token` is. */
export async function createSurveyViaApi(
  request: APIRequestContext,
  token: string,
  body: SurveyInput,
): Promise<Survey> {
  const res = await request.post('/api/surveys', { data: body, headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Survey;
}

/** Moves a survey to `state` through the API, as its owner or an administrator. */
export async function setSurveyStateViaApi(
  request: APIRequestContext,
  token: string,
  surveyId: string,
  state: SurveyState,
): Promise<StateChangeResponse> {
  const res = await request.patch(`/api/surveys/${surveyId}/state`, { data: { state }, headers: bearer(token) });
  expect(res.status(), `${state}: ${await res.text()}`).toBe(200);
  return (await res.json()) as StateChangeResponse;
}

/** Submits a response through the API as an anonymous respondent, in one of the survey's languages if given. */
export async function submitResponseViaApi(
  request: APIRequestContext,
  surveyId: string,
  answers: Array<{ questionId: string; answer: AnswerValue }>,
  language?: string,
): Promise<void> {
  const res = await request.post(`/api/surveys/${surveyId}/responses`, { data: { answers, language } });
  expect(res.status(), await res.text()).toBe(201);
}
