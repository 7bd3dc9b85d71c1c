import { expect } from 'vitest';
import type { Survey } from '@quorum/contract';
import { createUser } from '@quorum/test-support/factories';
import { request, type TestApp } from '../helpers';

/**
 * A new owner's survey, created and launched through the API as the editor would, so the contract's checks and
 * normalisation apply to `questions` (unlike the database factory).
 */
export async function launchSurveyViaApi(t: TestApp, title: string, questions: readonly unknown[]) {
  const owner = await createUser(t.ctx);
  const created = await request(t.app, 'POST', '/api/surveys', {
    token: owner.token,
    body: { projectName: 'Festival', title, questions },
  });
  expect(created.statusCode, created.body).toBe(201);
  const survey = created.json<Survey>();
  const launched = await request(t.app, 'PATCH', `/api/surveys/${survey.surveyId}/state`, {
    token: owner.token,
    body: { state: 'active' },
  });
  expect(launched.statusCode, launched.body).toBe(200);
  return { owner, survey };
}
