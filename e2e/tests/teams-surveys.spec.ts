import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { SessionResponse, Survey, Workspace, WorkspaceRole } from '@quorum/contract';
import { linkIn } from '@quorum/test-support/smtp';
import { loginViaApi, registerAndVerify, storeSession, type Account } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { waitForMail } from '../support/mailbox';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi } from '../support/surveys';

const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 800 };
const INVITATION_LINK = paths.invitation.getHref({ token: '' });
const CONFLICT = 'This survey was changed by someone else';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Person extends Account {
  session: SessionResponse;
}

async function newAccount(request: APIRequestContext, name: string): Promise<Person> {
  const account = await registerAndVerify(request, { name });
  return { ...account, session: await loginViaApi(request, account) };
}

/** The owner invites `person` with `role`; the person accepts through the link the invitation mail holds. */
async function join(
  request: APIRequestContext,
  owner: Person,
  workspaceId: string,
  person: Person,
  role: WorkspaceRole,
): Promise<void> {
  const after = Date.now();
  const invite = await request.post(`/api/workspaces/${workspaceId}/invitations`, {
    data: { email: person.email, role },
    headers: bearer(owner.session.token),
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const link = linkIn(await waitForMail(person.email, { after }), INVITATION_LINK);
  const token = decodeURIComponent(link.split(INVITATION_LINK)[1]!);
  const accept = await request.post(`/api/invitations/${encodeURIComponent(token)}/accept`, {
    headers: bearer(person.session.token),
  });
  expect(accept.ok(), await accept.text()).toBe(true);
}

/** Another person's browser, signed in as them. */
async function browserOf(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: WIDE });
  const page = await context.newPage();
  await storeSession(page, person.session.token, person.session.user);
  return page;
}

async function openEditor(page: Page, survey: Survey, title: string) {
  await page.goto(paths.user.editSurvey.getHref(survey));
  const field = page.getByRole('textbox', { name: /Survey Title/ });
  await expect(field).toHaveValue(title);
  return field;
}

test('two people save the same team survey: the second is asked, can load the other’s version or keep their own; a viewer changes nothing', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await newAccount(request, 'Olive Owner');
  const editor = await newAccount(request, 'Eddie Editor');
  const viewer = await newAccount(request, 'Vera Viewer');

  const created = await request.post('/api/workspaces', {
    data: { name: 'Lunch Club' },
    headers: bearer(owner.session.token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const workspace = (await created.json()) as Workspace;
  await join(request, owner, workspace.id, editor, 'editor');
  await join(request, owner, workspace.id, viewer, 'viewer');

  const survey = await createSurveyViaApi(request, owner.session.token, {
    workspaceId: workspace.id,
    projectName: 'Lunch',
    title: 'Friday lunch',
    questions: [{ text: 'Where shall we eat?', type: 'multiple_choice', options: ['Pizza', 'Sushi'] }],
  });
  expect(survey.workspaceId).toBe(workspace.id);
  // Saving returns to the dashboard of the survey's workspace.
  const teamDashboard = new RegExp(`/dashboard\\?workspace=${workspace.id}$`);

  const ownerPage = await browserOf(browser, owner);
  const editorPage = await browserOf(browser, editor);

  // Both open the editor on version 1; the owner saves first.
  const ownerTitle = await openEditor(ownerPage, survey, 'Friday lunch');
  const editorTitle = await openEditor(editorPage, survey, 'Friday lunch');
  await ownerTitle.fill('Friday lunch by Olive');
  await ownerPage.getByRole('button', { name: 'Update Survey' }).click();
  await expect(ownerPage).toHaveURL(teamDashboard);

  // The editor's save names the old version: refused, and the dialog says who saved it.
  await editorTitle.fill('Friday lunch by Eddie');
  await editorPage.getByRole('button', { name: 'Update Survey' }).click();
  const dialog = editorPage.getByRole('dialog', { name: CONFLICT });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Olive Owner saved it');
  await expect(dialog.getByRole('button', { name: 'Keep my changes' })).toBeFocused();
  await expectNoAxeViolations(editorPage, 'the conflict dialog at 1280 px');
  await editorPage.setViewportSize(PHONE);
  await expect(dialog.getByRole('button', { name: 'Load their version' })).toBeInViewport();
  await expectNoAxeViolations(editorPage, 'the conflict dialog at 360 px');
  await editorPage.setViewportSize(WIDE);

  // "Load their version" shows the owner's title.
  await dialog.getByRole('button', { name: 'Load their version' }).click();
  await expect(dialog).toBeHidden();
  await expect(editorTitle).toHaveValue('Friday lunch by Olive');

  // The owner saves again; the editor, now on the owner's first save, types over it and is asked again.
  const ownerAgain = await openEditor(ownerPage, survey, 'Friday lunch by Olive');
  await ownerAgain.fill('Friday lunch, final');
  await ownerPage.getByRole('button', { name: 'Update Survey' }).click();
  await expect(ownerPage).toHaveURL(teamDashboard);

  await editorTitle.fill('Friday lunch by Eddie');
  await editorPage.getByRole('button', { name: 'Update Survey' }).click();
  await expect(dialog).toBeVisible();
  // "Keep my changes": nothing is lost, and the next save replaces the owner's version.
  await dialog.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(editorTitle).toHaveValue('Friday lunch by Eddie');
  await editorPage.getByRole('button', { name: 'Update Survey' }).click();
  await expect(editorPage).toHaveURL(teamDashboard);

  const stored = await request.get(`/api/surveys/${survey.surveyId}`, { headers: bearer(owner.session.token) });
  const saved = (await stored.json()) as Survey;
  expect(saved.title).toBe('Friday lunch by Eddie');
  expect(saved.updatedBy?.name).toBe('Eddie Editor');

  // The owner's dashboard of the team says who made the survey and who changed it.
  await ownerPage.goto(`${paths.user.dashboard.getHref()}?workspace=${workspace.id}`);
  const card = ownerPage.getByRole('button', { name: /Friday lunch by Eddie/ });
  await expect(card).toContainText('Created by Olive Owner');
  await expect(card).toContainText('Changed by Eddie Editor');

  // A viewer sees the survey and its results, and nothing that changes it.
  const viewerPage = await browserOf(browser, viewer);
  await viewerPage.goto(`${paths.user.dashboard.getHref()}?workspace=${workspace.id}`);
  await expect(viewerPage.getByText("You can view this workspace's surveys and results")).toBeVisible();
  await expect(viewerPage.getByRole('link', { name: /Create New Survey/ })).toHaveCount(0);
  await viewerPage.getByRole('button', { name: /Friday lunch by Eddie/ }).click();
  const actions = viewerPage.getByRole('group', { name: 'Actions for Friday lunch by Eddie' });
  await expect(actions.getByRole('link', { name: /View Results/ })).toBeVisible();
  for (const name of [/Edit/, /Launch/, /Delete/, /Duplicate/]) {
    await expect(actions.getByRole('button', { name })).toHaveCount(0);
    await expect(actions.getByRole('link', { name })).toHaveCount(0);
  }
  await expectNoAxeViolations(viewerPage, 'the dashboard of a viewer');

  // Opening the editor's address anyway says why not, with the way to the results.
  await viewerPage.goto(paths.user.editSurvey.getHref(survey));
  await expect(viewerPage.getByRole('heading', { name: 'You cannot edit this survey' })).toBeVisible();
  await viewerPage.getByRole('link', { name: /View results/ }).click();
  await expect(viewerPage).toHaveURL(atPath(paths.user.surveyResults.getHref(survey)));
  await expect(viewerPage.getByText('Created by Olive Owner · Last changed by Eddie Editor')).toBeVisible();
  await expect(viewerPage.getByRole('tab', { name: 'Integrations' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /Share results/ })).toHaveCount(0);
});
