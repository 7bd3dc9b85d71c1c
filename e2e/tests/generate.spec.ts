import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import type { Survey } from '@quorum/contract';
import { freePort, listen, stopServer } from '@quorum/test-support/ports';
import { startServer, type RunningServer } from '@quorum/test-support/processes';
import { loginViaApi, registerAndVerify, signInNewUser, storeSession } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { atPath, matchRoute, paths } from '../support/paths';

const IDEA = 'Feedback from attendees of a weekend jazz festival about food, sound and tickets';

const generateBox = (page: Page) => page.getByRole('region', { name: 'Generate with AI' });
const ideaField = (page: Page) => page.getByRole('textbox', { name: 'Survey idea' });

test('a user generates a survey from an idea with the built-in generator, saves it and launches it', async ({
  page,
  request,
}, testInfo) => {
  const user = await signInNewUser(page, request);
  await page.goto(paths.user.dashboard.getHref());
  await expect(page.getByRole('heading', { name: 'My Surveys' })).toBeVisible();
  const box = generateBox(page);
  await expect(box.getByRole('heading', { name: 'Generate with AI' })).toBeVisible();

  // The button is disabled while the trimmed idea is empty.
  const button = box.getByRole('button', { name: 'Generate Survey' });
  await expect(button).toBeDisabled();
  await ideaField(page).fill('   \n  ');
  await expect(button).toBeDisabled();
  await ideaField(page).fill(IDEA);
  await expect(button).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('dashboard-generate-1280.png') });
  await page.setViewportSize({ width: 360, height: 800 });
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('dashboard-generate-360.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations).toEqual([]);

  // The editor opens with the survey carried in the navigation: no request for it.
  const surveyReads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/api\/surveys\/[^/?]+$/.test(new URL(r.url()).pathname)) surveyReads.push(r.url());
  });
  const generated = page.waitForResponse((r) => r.url().endsWith('/api/surveys/generate'));
  await button.click();
  const survey = (await (await generated).json()) as Survey;
  expect(survey.generator).toBe('builtin');
  await expect(page).toHaveURL(atPath(paths.user.editSurvey.getHref(survey)));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Survey' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Survey Title' })).toHaveValue('Weekend Jazz Festival Feedback');
  await expect(page.getByRole('textbox', { name: 'Project Name' })).toHaveValue('Weekend Jazz Festival');
  const questionTexts = page.getByRole('textbox', { name: 'Question Text' });
  await expect(questionTexts).toHaveCount(survey.questions.length);
  // The editor shows the generated questions in their order; the idea's aspects became questions of their own.
  const food = survey.questions.findIndex((q) => q.text === 'How would you rate the food?');
  expect(food).toBeGreaterThan(0);
  await expect(questionTexts.nth(food)).toHaveValue('How would you rate the food?');
  await expect(page.getByText('This survey was generated from your idea.')).toBeVisible();
  expect(surveyReads).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('editor-generated-1280.png'), fullPage: true });

  // Save it as it is, then launch it from the dashboard.
  await page.getByRole('button', { name: 'Update Survey' }).click();
  await expect(page.getByText('Survey updated successfully')).toBeVisible();
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
  const card = page.getByRole('button', { name: /Weekend Jazz Festival Feedback/ });
  await expect(card).toContainText(`${survey.questions.length} questions`);
  await card.click();
  await page
    .getByRole('group', { name: 'Actions for Weekend Jazz Festival Feedback' })
    .getByRole('button', { name: 'Launch' })
    .click();
  await expect(page.getByRole('button', { name: /^Active 1 survey$/ })).toBeVisible();

  const stored = await request.get(`/api/surveys/${survey.surveyId}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(((await stored.json()) as Survey).state).toBe('active');
});

// ---------------------------------------------------------------------------
// With an OpenAI-compatible provider: a second app started with the three AI variables.
// ---------------------------------------------------------------------------

const AI_ANSWER = {
  title: 'Festival de jazz : votre avis',
  projectName: 'Festival de jazz',
  questions: [
    {
      text: 'Quel jour êtes-vous venu ?',
      type: 'multiple_choice',
      options: ['Vendredi', 'Samedi', 'Dimanche'],
      ratingScale: null,
    },
    { text: 'Comment évaluez-vous la nourriture ?', type: 'rating', options: [], ratingScale: { min: 1, max: 5 } },
    { text: 'Comment évaluez-vous le son ?', type: 'rating', options: [], ratingScale: { min: 1, max: 5 } },
    { text: 'Qu’avez-vous apprécié ?', type: 'checkbox', options: ['Musique', 'Ambiance', 'Lieu'], ratingScale: null },
    { text: 'Une suggestion pour l’an prochain ?', type: 'text', options: [], ratingScale: null },
  ],
};

let provider: Server;
let providerMode: 'slow-valid' | 'unauthorised' = 'slow-valid';
let aiApp: RunningServer;

test.describe('with an AI provider', () => {
  test.beforeAll(async () => {
    provider = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (providerMode === 'unauthorised') {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
          return;
        }
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              choices: [
                { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(AI_ANSWER) } },
              ],
            }),
          );
        }, 1500);
      });
    });
    const providerPort = await listen(provider);
    const env = e2eEnv();
    aiApp = await startServer(await freePort(), {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quorum-e2e-ai-')),
      WEB_DIST: process.env.E2E_WEB_DIST ?? '',
      SMTP_URL: `smtp://127.0.0.1:${env.smtpPort}`,
      AI_BASE_URL: `http://127.0.0.1:${providerPort}/v1`,
      AI_MODEL: 'e2e-model',
      AI_API_KEY: 'sk-e2e',
      LOG_LEVEL: 'info',
    });
  });
  test.afterAll(async () => {
    await aiApp?.stop();
    if (provider) await stopServer(provider);
  });

  test('shows progress while the provider writes, opens the editor, and reports a provider failure', async ({
    page,
  }, testInfo) => {
    expect(aiApp.output()).toContain('Survey generation: AI provider at http://127.0.0.1:');
    const api = await playwrightRequest.newContext({ baseURL: aiApp.baseURL });
    const account = await registerAndVerify(api);
    const { token, user } = await loginViaApi(api, account);
    await api.dispose();
    await storeSession(page, token, user);
    await page.goto(`${aiApp.baseURL}/dashboard`);

    providerMode = 'slow-valid';
    await ideaField(page).fill('Avis des participants au festival de jazz sur la nourriture et le son');
    await generateBox(page).getByRole('button', { name: 'Generate Survey' }).click();
    const busy = generateBox(page).getByRole('button', { name: 'Generating...' });
    await expect(busy).toBeDisabled();
    await expect(generateBox(page).getByRole('status')).toHaveText(
      'Writing your survey. This can take up to a minute.',
    );
    await page.screenshot({ path: testInfo.outputPath('dashboard-generating-1280.png') });

    await expect(page).toHaveURL((url) => matchRoute(paths.user.editSurvey, url.pathname) !== null);
    await expect(page.getByRole('textbox', { name: 'Survey Title' })).toHaveValue('Festival de jazz : votre avis');
    await expect(page.getByRole('textbox', { name: 'Question Text' })).toHaveCount(5);
    await expect(page.getByText('This survey was generated by AI from your idea.')).toBeVisible();

    // A provider failure: the "Failed to generate survey: …" banner, the idea kept for another try.
    providerMode = 'unauthorised';
    await page.goto(`${aiApp.baseURL}/dashboard`);
    await ideaField(page).fill('A survey for our book club');
    await generateBox(page).getByRole('button', { name: 'Generate Survey' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Failed to generate survey: The AI provider rejected the API key',
    );
    await expect(ideaField(page)).toHaveValue('A survey for our book club');
    await expect(generateBox(page).getByRole('button', { name: 'Generate Survey' })).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath('dashboard-generate-failed-1280.png') });
  });
});
