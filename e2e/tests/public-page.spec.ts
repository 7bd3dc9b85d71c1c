import { expect, test, type Page } from '@playwright/test';
import type { SurveyInput } from '@quorum/contract';
import { loginViaApi, registerAndVerify } from '../support/accounts';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi } from '../support/surveys';
import { NAMESPACES } from '../../apps/web/src/i18n/languages';

// The public survey page is its own build with Preact in place of React (public-survey.html): a public address
// loads none of the app's code, and a ranking or date question brings no further code with it.

const QUESTIONS: SurveyInput['questions'] = [
  { text: 'Anything to tell us first?', type: 'text', options: [], required: false },
  { text: 'Rank the days', type: 'ranking', options: ['Friday', 'Saturday', 'Sunday'] },
  { text: 'When did you arrive?', type: 'date' },
];

/** Every script the page requests, by path, from the moment this is called. */
function scriptsOf(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  return scripts;
}

/** The theme's early script and a language catalog's chunk (`/assets/<namespace>-<hash>.js`): data, not app code. */
const isSharedData = (script: string) =>
  script === '/theme.js' || new RegExp(`^/assets/(${NAMESPACES.join('|')})-[\\w-]+\\.js$`).test(script);

/** Whether React rendered into the page: React DOM marks its root container and every element it made. */
const renderedByReact = (page: Page) =>
  page.evaluate(() =>
    [document.getElementById('root'), ...document.querySelectorAll('#root *')].some((el) =>
      Object.keys(el ?? {}).some((key) => key.startsWith('__reactContainer$') || key.startsWith('__reactFiber$')),
    ),
  );

test('a public survey and its thank-you page load none of the app’s code, and ranking and date load no more', async ({
  page,
  browser,
  request,
}) => {
  const account = await registerAndVerify(request);
  const { token } = await loginViaApi(request, account);
  const survey = await createSurveyViaApi(request, token, {
    projectName: 'Summer Fest',
    title: 'Festival feedback',
    questions: QUESTIONS,
  });
  await setSurveyStateViaApi(request, token, survey.surveyId, 'active');

  // The app's own scripts, as the login page loads them (React among them).
  const appPage = await (await browser.newContext()).newPage();
  const appScripts = scriptsOf(appPage);
  await appPage.goto(paths.auth.login.getHref());
  await expect(appPage.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await renderedByReact(appPage), 'the check sees React where it runs').toBe(true);
  expect(appScripts.size).toBeGreaterThan(0);
  await appPage.context().close();

  await page.setViewportSize({ width: 360, height: 740 });
  const scripts = scriptsOf(page);
  await page.goto(paths.publicSurvey.survey.getHref(survey));
  await expect(page.getByRole('heading', { name: 'Anything to tell us first?' })).toBeVisible();
  expect(await renderedByReact(page)).toBe(false);
  // Only what both pages share as data may be common to them: the theme's early script and the language catalogs.
  expect([...scripts].filter((script) => appScripts.has(script) && !isSharedData(script))).toEqual([]);
  const firstLoad = new Set(scripts);

  // A ranking question, answered by dragging Sunday to the top, and a date question: no more code is loaded.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Rank the days' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Rank the days' });
  await list.getByRole('listitem').filter({ hasText: 'Sunday' }).dragTo(list.getByRole('listitem').first());
  await expect(list.getByRole('listitem').first()).toContainText('Sunday');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'When did you arrive?' })).toBeVisible();
  await page.getByLabel('When did you arrive?').fill('2026-07-04');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(atPath(paths.publicSurvey.thankYou.getHref(survey)));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect([...scripts].filter((script) => !firstLoad.has(script))).toEqual([]);
  expect(await renderedByReact(page)).toBe(false);

  // The thank-you page opened directly: the same small page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await renderedByReact(page)).toBe(false);
  expect([...scripts].filter((script) => appScripts.has(script) && !isSharedData(script))).toEqual([]);
});
