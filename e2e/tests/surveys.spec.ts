import { createServer, type Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Survey, SurveyInput } from '@quorum/contract';
import { listen, stopServer } from '@quorum/test-support/ports';
import { signInNewUser } from '../support/accounts';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi } from '../support/surveys';

// A 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="56" viewBox="0 0 200 56">' +
  '<rect width="200" height="56" rx="10" fill="#0f766e"/>' +
  '<text x="100" y="36" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">Acme Co</text></svg>';

/** A tiny image host on loopback: /logo.png and /logo.svg are images, /page.html is not. */
async function startImageHost(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/logo.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
      res.end(req.method === 'HEAD' ? undefined : PNG);
      return;
    }
    if (req.url === '/logo.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end(req.method === 'HEAD' ? undefined : LOGO_SVG);
      return;
    }
    if (req.url === '/page.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(req.method === 'HEAD' ? undefined : '<p>not an image</p>');
      return;
    }
    res.writeHead(404).end();
  });
  return { server, origin: `http://127.0.0.1:${await listen(server)}` };
}

let imageHost: { server: Server; origin: string };
test.beforeAll(async () => {
  imageHost = await startImageHost();
});
test.afterAll(async () => {
  await stopServer(imageHost.server);
});

const section = (page: Page, label: string) =>
  page.getByRole('button', { name: new RegExp(`^${label} \\d+ surveys?$`) });
const card = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(title) });
const actions = (page: Page, title: string) => page.getByRole('group', { name: `Actions for ${title}` });

async function createViaApi(request: APIRequestContext, token: string, title: string): Promise<Survey> {
  const body: SurveyInput = {
    projectName: 'Limits',
    title,
    questions: [{ text: 'Ready?', type: 'multiple_choice', options: ['Yes', 'No'] }],
  };
  return createSurveyViaApi(request, token, body);
}

const launchViaApi = (request: APIRequestContext, token: string, surveyId: string) =>
  setSurveyStateViaApi(request, token, surveyId, 'active');

/** Types into the last field of a kind (the question just added). */
const last = (locator: Locator) => locator.last();

test('a user creates a survey with every question type, edits it, and takes it through its life', async ({
  page,
  request,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await signInNewUser(page, request);
  await page.goto(paths.user.dashboard.getHref());
  await expect(page.getByRole('heading', { name: 'My Surveys' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create your first survey' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('dashboard-empty-1280.png') });

  await page.getByRole('link', { name: 'Create New Survey' }).first().click();
  await expect(page).toHaveURL(atPath(paths.user.createSurvey.getHref()));
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Survey' })).toBeVisible();

  // The form checks the project name first.
  await page.getByRole('button', { name: 'Create Survey' }).click();
  await expect(page.getByRole('alert')).toContainText('Project name is required');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('editor-invalid-375.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('textbox', { name: 'Project Name' }).fill('E2E Project');
  const imageUrl = page.getByRole('textbox', { name: 'Branding Image URL' });
  await imageUrl.fill(`${imageHost.origin}/missing.png`);
  await expect(page.getByText('Failed to load image')).toBeVisible();
  await imageUrl.fill(`${imageHost.origin}/page.html`);
  await expect(page.getByText('Please provide a valid image URL')).toBeVisible();
  await imageUrl.fill(`${imageHost.origin}/logo.svg`);
  await expect(page.getByText('Please provide a valid image URL')).toBeHidden();
  await expect(page.getByRole('img', { name: 'Branding image preview' })).toBeVisible();
  await expect(page.getByText('This is how your branding will appear in the survey')).toBeVisible();
  await page.getByRole('textbox', { name: 'Survey Title' }).fill('Team pulse');

  // 1: multiple choice (the default).
  await page.getByRole('textbox', { name: 'Question Text' }).fill('How was your week?');
  await page.getByRole('textbox', { name: 'Option 1' }).fill('Great');
  await page.getByRole('button', { name: 'Add Option' }).click();
  await page.getByRole('textbox', { name: 'Option 2' }).fill('Fine');
  // 2: checkboxes.
  await page.getByRole('button', { name: 'Add Question' }).click();
  await last(page.getByRole('textbox', { name: 'Question Text' })).fill('What helped?');
  await last(page.getByRole('combobox', { name: 'Question Type' })).selectOption('checkbox');
  await last(page.getByRole('textbox', { name: 'Option 1' })).fill('Pairing');
  await last(page.getByRole('textbox', { name: 'Option 1' })).press('Enter');
  await expect(last(page.getByRole('textbox', { name: 'Option 2' }))).toBeFocused();
  await page.keyboard.type('Docs');
  // 3: text.
  await page.getByRole('button', { name: 'Add Question' }).click();
  await last(page.getByRole('textbox', { name: 'Question Text' })).fill('Anything else?');
  await last(page.getByRole('combobox', { name: 'Question Type' })).selectOption('text');
  // 4: rating, 10 points (a slider).
  await page.getByRole('button', { name: 'Add Question' }).click();
  await last(page.getByRole('textbox', { name: 'Question Text' })).fill('Rate the week');
  await last(page.getByRole('combobox', { name: 'Question Type' })).selectOption('rating');
  await expect(page.getByRole('radio', { name: '1 - Very Poor' })).toBeVisible();
  await page.getByRole('radio', { name: /10-point scale/ }).check();
  await expect(page.getByRole('slider')).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('editor-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('editor-375.png'), fullPage: true });
  await page.getByRole('slider').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('editor-375-viewport.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Create Survey' }).click();
  await expect(page.getByText('Survey created successfully and saved as draft')).toBeVisible();
  await expect(page.getByText('Redirecting to dashboard...')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('editor-success-1280.png') });
  await expect(page.getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));

  // The dashboard: the new survey is a draft with 4 questions.
  await expect(section(page, 'Draft')).toHaveAccessibleName('Draft 1 survey');
  await expect(card(page, 'Team pulse')).toContainText('4 questions');
  await card(page, 'Team pulse').click();
  await expect(page.getByText('E2E Project')).toBeVisible();
  await actions(page, 'Team pulse').getByRole('link', { name: 'Edit' }).click();

  // Edit: the stored survey comes back, is changed and reordered.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Survey' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Survey Title' })).toHaveValue('Team pulse');
  await expect(page.getByRole('textbox', { name: 'Question Text' })).toHaveCount(4);
  await expect(page.getByRole('slider')).toBeVisible();
  await page.getByRole('textbox', { name: 'Survey Title' }).fill('Team pulse, week 12');
  await page.getByRole('button', { name: 'Move up, question 4' }).click();
  await expect(page.getByText('Question 4 moved to position 3 of 4.')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Move up, question 3' })).toBeFocused();
  await page.keyboard.press('Enter'); // moves it again, from the keyboard
  await expect(page.getByRole('textbox', { name: 'Question Text' }).nth(1)).toHaveValue('Rate the week');
  await page.getByRole('button', { name: 'Update Survey' }).click();
  await expect(page.getByText('Survey updated successfully')).toBeVisible();
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));

  const listRes = await request.get('/api/surveys', { headers: { authorization: `Bearer ${user.token}` } });
  const [summary] = ((await listRes.json()) as { surveys: Survey[] }).surveys;
  const stored = (await (
    await request.get(`/api/surveys/${summary!.surveyId}`, { headers: { authorization: `Bearer ${user.token}` } })
  ).json()) as Survey;
  expect(stored.title).toBe('Team pulse, week 12');
  expect(stored.brandingImageUrl).toBe(`${imageHost.origin}/logo.svg`);
  expect(stored.questions.map((q) => q.type)).toEqual(['multiple_choice', 'rating', 'checkbox', 'text']);
  expect(stored.questions[1]).toMatchObject({ options: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] });
  expect(stored.questions[2]).toMatchObject({ options: ['Pairing', 'Docs'] });
  expect(stored.questions[3]).toMatchObject({ options: [] });
  const title = 'Team pulse, week 12';

  // Launch, then copy the public link.
  await card(page, title).click();
  await actions(page, title).getByRole('button', { name: 'Launch' }).click();
  await expect(section(page, 'Active')).toHaveAccessibleName('Active 1 survey');
  await expect(card(page, title)).toContainText('Active');
  const publicUrl = `${new URL(page.url()).origin}/projects/e2e-project/surveys/${stored.surveyId}`;
  await expect(page.getByRole('textbox', { name: 'Public link' })).toHaveValue(publicUrl);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl);

  await page.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('dashboard-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await actions(page, title).getByRole('button', { name: 'Pause' }).click();
  await expect(section(page, 'Paused')).toHaveAccessibleName('Paused 1 survey');
  await expect(page.getByRole('button', { name: 'Copy' })).toBeHidden();
  await actions(page, title).getByRole('button', { name: 'Resume' }).click();
  await expect(section(page, 'Active')).toHaveAccessibleName('Active 1 survey');
  await actions(page, title).getByRole('button', { name: 'Close' }).click();
  await expect(section(page, 'Other')).toHaveAccessibleName('Other 1 survey');
  await expect(page.getByText('Survey Closed', { exact: true })).toBeVisible();
  await expect(actions(page, title).getByRole('link', { name: 'Edit' })).toHaveCount(0);

  await actions(page, title).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this survey?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, title)).toHaveCount(0);
  await expect(section(page, 'Other')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Create your first survey' })).toBeVisible();
});

test('at two active surveys Launch is blocked with the limit message', async ({ page, request }, testInfo) => {
  const user = await signInNewUser(page, request);
  const first = await createViaApi(request, user.token, 'Live one');
  const second = await createViaApi(request, user.token, 'Live two');
  await createViaApi(request, user.token, 'Waiting');
  await launchViaApi(request, user.token, first.surveyId);
  await launchViaApi(request, user.token, second.surveyId);

  await page.goto(paths.user.dashboard.getHref());
  await expect(section(page, 'Active')).toHaveAccessibleName('Active 2 surveys');
  await expect(page.getByText('Pause or close a survey before launching more.')).toBeVisible();
  await card(page, 'Waiting').click();
  const launch = actions(page, 'Waiting').getByRole('button', { name: 'Launch' });
  await expect(launch).toBeDisabled();
  await expect(launch).toHaveAccessibleDescription('Maximum active surveys limit reached');
  await launch.hover();
  await expect(page.getByRole('tooltip', { name: 'Maximum active surveys limit reached' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('dashboard-limit-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('dashboard-limit-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  const stateChanges: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH') stateChanges.push(r.url());
  });
  await launch.click({ force: true });
  await expect(section(page, 'Draft')).toHaveAccessibleName('Draft 1 survey');
  expect(stateChanges).toEqual([]);

  // Pausing one frees a slot: Launch works again.
  await card(page, 'Live one').click();
  await actions(page, 'Live one').getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Pause or close a survey before launching more.')).toBeHidden();
  await actions(page, 'Waiting').getByRole('button', { name: 'Launch' }).click();
  await expect(section(page, 'Active')).toHaveAccessibleName('Active 2 surveys');
  // Now Resume is the blocked one.
  await expect(actions(page, 'Live one').getByRole('button', { name: 'Resume' })).toBeDisabled();
});

test('an unknown survey cannot be edited', async ({ page, request }) => {
  await signInNewUser(page, request);
  await page.goto(paths.user.editSurvey.getHref({ surveyId: '00000000-0000-7000-8000-000000000000' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Survey' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Failed to fetch survey data');
  await expect(page.getByRole('heading', { name: 'Failed to fetch survey data' })).toBeVisible();
});

test('the dashboard and the editor pass an axe scan', async ({ browser, request }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signInNewUser(page, request);
  const survey = await createViaApi(request, user.token, 'Accessible survey');
  await launchViaApi(request, user.token, survey.surveyId);
  await createViaApi(request, user.token, 'A draft');

  await page.goto(paths.user.dashboard.getHref());
  await card(page, 'Accessible survey').click();
  await card(page, 'A draft').click();
  await expect(page.getByRole('textbox', { name: 'Public link' }).first()).toBeVisible();
  const dashboard = await new AxeBuilder({ page }).analyze();
  expect(dashboard.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

  await page.goto(paths.user.createSurvey.getHref());
  await page.getByRole('button', { name: 'Create Survey' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('textbox', { name: 'Branding Image URL' }).fill(`${imageHost.origin}/logo.png`);
  await page.getByRole('button', { name: 'Add Question' }).click();
  await page.getByRole('combobox', { name: 'Question Type' }).last().selectOption('rating');
  await page.getByRole('button', { name: 'Add Question' }).click();
  await page.getByRole('combobox', { name: 'Question Type' }).last().selectOption('rating');
  await page
    .getByRole('radio', { name: /10-point scale/ })
    .last()
    .check();
  await expect(page.getByRole('img', { name: 'Branding image preview' })).toBeVisible();
  const editor = await new AxeBuilder({ page }).analyze();
  expect(editor.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

  await page.goto(paths.user.editSurvey.getHref(survey));
  await expect(page.getByRole('textbox', { name: 'Survey Title' })).toHaveValue('Accessible survey');
  const edit = await new AxeBuilder({ page }).analyze();
  expect(edit.violations.map((v) => v.id)).toEqual([]);
  await context.close();
});

test('a refused state change or save shows the server message and leaves the screen usable', async ({
  page,
  request,
}) => {
  const user = await signInNewUser(page, request);
  const live = await createViaApi(request, user.token, 'Already live');
  await launchViaApi(request, user.token, live.surveyId);
  const other = await createViaApi(request, user.token, 'Launched elsewhere');
  await createViaApi(request, user.token, 'Launched here');

  await page.goto(paths.user.dashboard.getHref());
  await card(page, 'Launched here').click();
  // Meanwhile, another tab launches a second survey: the server now refuses a third.
  await launchViaApi(request, user.token, other.surveyId);
  await actions(page, 'Launched here').getByRole('button', { name: 'Launch' }).click();
  await expect(page.getByRole('alert')).toContainText('Maximum active surveys limit reached');
  await expect(section(page, 'Active')).toHaveAccessibleName('Active 2 surveys');
  await expect(actions(page, 'Launched here').getByRole('button', { name: 'Launch' })).toBeDisabled();

  // The edit screen is open when the survey gets closed elsewhere: the save is refused.
  await page.goto(paths.user.editSurvey.getHref(live));
  await expect(page.getByRole('textbox', { name: 'Survey Title' })).toHaveValue('Already live');
  await setSurveyStateViaApi(request, user.token, live.surveyId, 'closed');
  await page.getByRole('textbox', { name: 'Survey Title' }).fill('Too late');
  await page.getByRole('button', { name: 'Update Survey' }).click();
  await expect(page.getByRole('alert')).toContainText('Only draft and active surveys can be edited');
  await expect(page.getByRole('button', { name: 'Update Survey' })).toBeEnabled();
  await expect(page.getByRole('textbox', { name: 'Survey Title' })).toBeEditable();
  await expect(page).toHaveURL(atPath(paths.user.editSurvey.getHref(live)));
});

test('the dashboard explains a failed load and recovers on retry', async ({ page, request }) => {
  await signInNewUser(page, request);
  // Every survey list request fails (the page of surveys and the active count alike).
  await page.route('**/api/surveys?*', (route) => route.abort('connectionrefused'));
  await page.goto(paths.user.dashboard.getHref());
  await expect(page.getByRole('alert')).toContainText('Failed to fetch surveys');
  await expect(page.getByRole('heading', { name: 'Your surveys could not be loaded' })).toBeVisible();
  await page.unroute('**/api/surveys?*');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Create your first survey' })).toBeVisible();
});
