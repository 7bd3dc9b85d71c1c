import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Survey, SurveyInput } from '@quorum/contract';
import { loginViaApi, registerAndVerify, signInAdmin, signInNewUser, storeSession } from '../support/accounts';
import { paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi, submitResponseViaApi } from '../support/surveys';

// Every screen and state, at 1280×800 and 360×740, in the light and the dark theme: axe must find nothing. Each
// state is checked at both sizes and in both themes without reloading: the viewport changes, and the theme follows
// the emulated system setting (theme.js applies it live). The theme changes colours only, so the dark pass runs the
// rules about colour (the light pass runs every rule). Motion is reduced so no colour transition is half-way when
// axe measures. Failures are collected per state (expect.soft), so one run lists every violation with its page and
// state.

const SIZES = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '360', viewport: { width: 360, height: 740 } },
] as const;
const THEMES = ['light', 'dark'] as const;
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// Each test checks many states four times over: more than the default minute on a busy machine.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

async function sweep(page: Page, state: string): Promise<void> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const axe = new AxeBuilder({ page });
      const results = await (theme === 'dark' ? axe.withRules(COLOUR_RULES) : axe).analyze();
      for (const v of results.violations) {
        const where = v.nodes.map((n) => n.target.join(' ')).join(', ');
        found.push(`${size.name} px, ${theme}: ${v.id} (${v.help}) at ${where}`);
      }
    }
  }
  expect.soft(found, `axe violations on ${state}`).toEqual([]);
}

/** Every question type, all optional but the first, so the runner can step through them with Next. */
const EVERY_TYPE: SurveyInput = {
  projectName: 'Harbour Fest',
  title: 'Festival feedback, every type',
  questions: [
    { id: 'enjoyed', text: 'Did you enjoy the festival?', type: 'multiple_choice', options: ['Yes', 'No'] },
    { id: 'recommend', text: 'How likely are you to recommend us?', type: 'nps', required: false },
    {
      id: 'stage',
      text: 'Favourite stage',
      type: 'dropdown',
      options: ['Main', 'Forest', 'Harbour'],
      allowOther: true,
      required: false,
    },
    {
      id: 'seen',
      text: 'What did you see?',
      type: 'checkbox',
      options: ['Bands', 'Food', 'Film'],
      allowOther: true,
      required: false,
      description: 'Pick all that apply.',
    },
    { id: 'days', text: 'Rank the days', type: 'ranking', options: ['Friday', 'Saturday', 'Sunday'], required: false },
    {
      id: 'grid',
      text: 'Rate these',
      type: 'matrix',
      rows: ['Sound', 'Food'],
      options: ['Poor', 'Fine', 'Great'],
      required: false,
    },
    { id: 'stay', text: 'How many days did you stay?', type: 'number', required: false },
    { id: 'arrived', text: 'When did you arrive?', type: 'date', required: false },
    { id: 'email', text: 'Your email for the prize draw', type: 'email', required: false },
    { id: 'overall', text: 'How was it overall?', type: 'rating', required: false },
    { id: 'ten', text: 'And out of ten?', type: 'rating', ratingScale: { min: 1, max: 10 }, required: false },
    { id: 'change', text: 'What should we change?', type: 'text', required: false },
  ],
};

async function owner(request: APIRequestContext) {
  const account = await registerAndVerify(request);
  const { token, user } = await loginViaApi(request, account);
  return { account, token, user };
}

async function surveyWithResponses(request: APIRequestContext, token: string): Promise<Survey> {
  const survey = await createSurveyViaApi(request, token, EVERY_TYPE);
  await setSurveyStateViaApi(request, token, survey.surveyId, 'active');
  const answers = [
    { enjoyed: 'Yes', recommend: 9, seen: ['Bands', 'Food'], overall: 4, change: 'More shade near the stage' },
    { enjoyed: 'No', recommend: 4, seen: ['Film'], overall: 2, change: 'Shorter queues for food' },
    { enjoyed: 'Yes', recommend: 10, seen: ['Bands'], overall: 5, change: 'Nothing, it was great' },
  ];
  for (const each of answers) {
    await submitResponseViaApi(
      request,
      survey.surveyId,
      Object.entries(each).map(([questionId, answer]) => ({ questionId, answer })),
    );
  }
  return survey;
}

test('signed-out screens', async ({ page }) => {
  await page.goto(paths.auth.login.getHref());
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await sweep(page, 'sign-in');
  await page.getByRole('button', { name: 'Login' }).click();
  await sweep(page, 'sign-in with errors shown');

  await page.goto(paths.auth.register.getHref());
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await sweep(page, 'sign-up');

  await page.goto(paths.auth.forgotPassword.getHref());
  await expect(page.getByLabel('Email')).toBeVisible();
  await sweep(page, 'forgot password');

  await page.goto(paths.auth.adminLogin.getHref());
  await expect(page.getByLabel('Email')).toBeVisible();
  await sweep(page, 'administrator sign-in');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await sweep(page, 'not found, signed out');
});

test('dashboard, empty and loading, profile, workspace, not found', async ({ page, request }) => {
  const { token } = await signInNewUser(page, request);
  // Loading: the surveys' request is held until the state is checked.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/surveys?**', async (route) => {
    await held;
    // The page may have dropped the request meanwhile (a newer one replaced it).
    await route.continue().catch(() => undefined);
  });
  await page.goto(paths.user.dashboard.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await sweep(page, 'dashboard, loading');
  release();
  await page.unroute('**/api/surveys?**');
  await expect(page.getByRole('main')).toContainText(/no surveys|first survey/i);
  await sweep(page, 'dashboard, empty');

  await page.getByRole('button', { name: 'Theme' }).click();
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  await sweep(page, 'the theme menu open');
  await page.keyboard.press('Escape');

  await page.goto(paths.user.profile.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await sweep(page, 'profile');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByText(/scan/i).first()).toBeVisible();
  await sweep(page, 'two-factor setup');

  await page.goto(`${paths.user.profile.getHref()}?tab=api-keys`);
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await sweep(page, 'profile, API keys, none yet');

  const bearer = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/workspaces', { data: { name: 'Lunch Club' }, headers: bearer });
  expect(created.status(), await created.text()).toBe(201);
  const workspace = (await created.json()) as { id: string };
  const invite = await request.post(`/api/workspaces/${workspace.id}/invitations`, {
    data: { email: 'someone-else@example.com', role: 'editor' },
    headers: bearer,
  });
  expect(invite.status(), await invite.text()).toBe(201);
  await page.goto(paths.user.workspace.getHref({ workspaceId: workspace.id }));
  await expect(page.getByText('someone-else@example.com')).toBeVisible();
  await sweep(page, 'workspace settings with an invitation');

  await page.goto(paths.invitation.getHref({ token: 'no-such-invitation' }));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await sweep(page, 'an invitation that does not exist');

  await page.goto(`${paths.notifications.unsubscribe.getHref()}?token=not-a-token`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await sweep(page, 'unsubscribe from notifications');

  await page.goto('/surveys/01900000-0000-7000-8000-000000000000/results');
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('alert')).first()).toBeVisible();
  await sweep(page, 'results of a survey that does not exist');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await sweep(page, 'not found, signed in');
});

test('dashboard with surveys, editor and preview', async ({ page, request }) => {
  const { token, user } = await owner(request);
  await storeSession(page, token, user);
  const survey = await surveyWithResponses(request, token);
  await createSurveyViaApi(request, token, { ...EVERY_TYPE, title: 'A draft for later' });

  await page.goto(paths.user.dashboard.getHref());
  await expect(page.getByText('A draft for later').first()).toBeVisible();
  await sweep(page, 'dashboard with surveys');

  await page.goto(paths.user.createSurvey.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await sweep(page, 'new survey');

  const draft = await createSurveyViaApi(request, token, { ...EVERY_TYPE, title: 'Draft with every type' });
  await page.goto(paths.user.editSurvey.getHref(draft));
  await expect(page.getByRole('button', { name: 'Update Survey' })).toBeVisible();
  await expect(page.locator('input[value="What should we change?"], textarea').first()).toBeAttached();
  await sweep(page, 'editor, a draft with every question type');

  await page.goto(paths.surveyPreview.getHref(survey));
  await expect(page.getByRole('heading', { name: 'Did you enjoy the festival?' })).toBeVisible();
  await sweep(page, 'preview');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'How likely are you to recommend us?' })).toBeVisible();
  await sweep(page, 'preview, an NPS question');

  // Last: the language added here is not saved, and nothing navigates away from it.
  await page.goto(paths.user.editSurvey.getHref(draft));
  await page.getByRole('combobox', { name: 'Language to add' }).selectOption('ar');
  await page.getByRole('button', { name: 'Add a language' }).click();
  await expect(page.getByRole('heading', { name: 'Translate into Arabic' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Survey title in Arabic' })).toHaveAttribute('dir', 'rtl');
  await sweep(page, 'editor, translating into Arabic side by side');
});

test('results: empty, with responses, table view, shared', async ({ page, request }) => {
  const { token, user } = await owner(request);
  await storeSession(page, token, user);
  const empty = await createSurveyViaApi(request, token, { ...EVERY_TYPE, title: 'Nobody answered yet' });
  await setSurveyStateViaApi(request, token, empty.surveyId, 'active');
  const survey = await surveyWithResponses(request, token);

  await page.goto(paths.user.surveyResults.getHref(empty));
  await expect(page.getByRole('tab', { name: 'Statistics View' })).toBeVisible();
  await sweep(page, 'results, no responses');

  await page.goto(paths.user.surveyResults.getHref(survey));
  await expect(page.getByText('More shade near the stage').first()).toBeAttached();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await sweep(page, 'results with responses and charts');

  await page.getByRole('tab', { name: 'Table View' }).click();
  await expect(page.getByText('Shorter queues for food').first()).toBeVisible();
  await sweep(page, 'results, table view');

  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await sweep(page, 'results, integrations');

  await page.getByRole('tab', { name: 'Statistics View' }).click();
  await page.getByRole('button', { name: 'Share results' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();
  await sweep(page, 'the share results dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByLabel('Report link').inputValue();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await sweep(page, 'shared results');
});

test('public runner: every question type, errors, thank-you, not found', async ({ page, request }) => {
  // The longest sweep (18 states, each at two sizes and two themes): about 3 minutes when the other worker sweeps too.
  test.setTimeout(360_000);
  const { token } = await owner(request);
  const survey = await createSurveyViaApi(request, token, EVERY_TYPE);
  await setSurveyStateViaApi(request, token, survey.surveyId, 'active');
  await page.goto(paths.publicSurvey.survey.getHref(survey));
  const heading = page.getByRole('heading', { name: 'Did you enjoy the festival?' });
  await expect(heading).toBeVisible();
  await sweep(page, 'runner, first question');
  await page.getByRole('radio', { name: 'Yes' }).check();
  for (const question of EVERY_TYPE.questions.slice(1)) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: question.text })).toBeVisible();
    await sweep(page, `runner, ${question.type} question "${question.text}"`);
    if (question.type === 'email') {
      const email = page.getByRole('textbox', { name: question.text });
      await email.fill('not-an-email');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await sweep(page, 'runner, an answer that is not valid');
      await email.fill('');
    }
  }
  // The submit fails once (the server answers 503), then goes through.
  await page.route('**/api/surveys/*/responses', (route) =>
    route.fulfill({ status: 503, json: { message: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' } }),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /try again/ })).toBeVisible();
  await sweep(page, 'runner, the submit failed');
  await page.unroute('**/api/surveys/*/responses');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await sweep(page, 'runner, thank-you');

  await setSurveyStateViaApi(request, token, survey.surveyId, 'closed');
  await page.goto(paths.publicSurvey.survey.getHref(survey));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await sweep(page, 'runner, closed survey');

  // Loading (the survey's request held), then failed to load (the server answers 500).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/surveys/*/public', async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { message: 'Internal Server Error', code: 'INTERNAL' } });
  });
  await page.goto(paths.publicSurvey.survey.getHref(survey));
  await expect(page.locator('#root')).not.toBeEmpty();
  await sweep(page, 'runner, loading');
  release();
  await expect(page.getByRole('button', { name: /try again|retry/i })).toBeVisible();
  await sweep(page, 'runner, the survey failed to load');
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.goto(paths.publicSurvey.survey.getHref({ projectId: 'nowhere', surveyId: 'nothing-here' }));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await sweep(page, 'runner, survey not found');
});

test('administrators: dashboard, surveys, audit log', async ({ page, request }) => {
  await signInAdmin(page, request);
  await page.goto(paths.admin.dashboard.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Admin').first()).toBeVisible();
  await sweep(page, 'administrators’ dashboard');

  await page.goto(paths.admin.audit.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await sweep(page, 'audit log');

  await page.goto(paths.admin.profile.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await sweep(page, 'administrator’s profile');
});
