import { expect, test, type Browser, type Page } from '@playwright/test';
import { linkIn } from '@quorum/test-support/smtp';
import {
  E2E_PASSWORD,
  fillRegistration,
  logIn,
  registerAndVerify,
  signInNewUser,
  uniqueEmail,
} from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { waitForMail } from '../support/mailbox';
import { atPath, paths } from '../support/paths';

const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 800 };
/** The start of an invitation link in its mail. */
const INVITATION_LINK = paths.invitation.getHref({ token: '' });
const VERIFY_LINK = paths.auth.verifyEmail.getHref({ token: '' });

/** A fresh browser context (another person's browser) with its page. */
async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: WIDE });
  return context.newPage();
}

/** Axe on the page as it is, at 1280 px and at 360 px wide. */
async function axeWideAndPhone(page: Page, label: string): Promise<void> {
  await page.setViewportSize(WIDE);
  await expectNoAxeViolations(page, `${label} at 1280 px`);
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, `${label} at 360 px`);
  const file = `${label.replace(/[^a-z0-9]+/gi, '-')}-360.png`;
  await page.screenshot({ path: test.info().outputPath(file), fullPage: true });
  // Nothing wider than the screen on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(WIDE);
}

test('a team workspace: create it, invite an existing user and a new address, both join, the owner changes a role and removes a member', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await signInNewUser(page, request, { name: 'Olive Owner' });
  const colleague = await registerAndVerify(request, { name: 'Cole Colleague' });
  const newcomer = { name: 'Nina Newcomer', email: uniqueEmail('newcomer') };

  // The owner creates the workspace from the dashboard's switcher, by keyboard.
  await page.goto(paths.user.dashboard.getHref());
  const switcher = page.getByRole('combobox', { name: 'Workspace' });
  await expect(switcher).toBeEnabled();
  await expect(switcher.getByRole('option', { selected: true })).toHaveText('Personal');
  await page.getByRole('button', { name: 'New workspace…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await expect(dialog.getByRole('textbox', { name: /^Name/ })).toBeFocused();
  await page.keyboard.type('Field Team');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\?workspace=/);
  const workspaceId = new URL(page.url()).searchParams.get('workspace')!;
  await expect(switcher).toHaveValue(workspaceId);
  await expect(switcher.getByRole('option', { selected: true })).toHaveText('Field Team (owner)');

  // On a phone the switcher and its two buttons share one row across the width, the list taking most of it.
  await page.setViewportSize(PHONE);
  const select = (await switcher.boundingBox())!;
  const settings = (await page.getByRole('link', { name: 'Workspace settings' }).boundingBox())!;
  expect(select.width).toBeGreaterThan(PHONE.width / 2);
  expect(Math.abs(settings.y + settings.height / 2 - (select.y + select.height / 2))).toBeLessThan(4);
  expect(settings.x + settings.width).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: test.info().outputPath('dashboard-switcher-360.png') });
  await page.setViewportSize(WIDE);

  // Its settings: the owner alone, no invitations yet.
  await page.getByRole('link', { name: 'Workspace settings' }).click();
  await expect(page).toHaveURL(atPath(paths.user.workspace.getHref({ workspaceId })));
  await expect(page.getByRole('heading', { level: 1, name: 'Field Team' })).toBeVisible();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByText('Olive Owner (you)')).toBeVisible();
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await expect(invitations.getByText('No pending invitations')).toBeVisible();
  await axeWideAndPhone(page, 'the workspace settings page');

  // Invite the existing user as an editor and the new address as a viewer.
  const inviteForm = invitations.getByRole('form', { name: 'Invite someone' });
  await inviteForm.getByRole('textbox', { name: /^Email/ }).fill(colleague.email);
  await inviteForm.getByRole('combobox', { name: 'Role' }).selectOption('editor');
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.getByText(`Invitation sent to ${colleague.email}.`)).toBeVisible();
  await inviteForm.getByRole('textbox', { name: /^Email/ }).fill(newcomer.email);
  await inviteForm.getByRole('combobox', { name: 'Role' }).selectOption('viewer');
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.getByText(`Invitation sent to ${newcomer.email}.`)).toBeVisible();
  const pending = invitations.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await expect(pending.getByRole('listitem').filter({ hasText: colleague.email })).toContainText('Editor');
  await expect(pending.getByRole('listitem').filter({ hasText: newcomer.email })).toContainText('Viewer');
  await expect(pending.getByRole('listitem').first()).toContainText('Invited by Olive Owner');

  // The existing user opens the mail's link signed out, signs in and accepts.
  const colleaguePage = await newPerson(browser);
  const colleagueLink = linkIn(await waitForMail(colleague.email), INVITATION_LINK);
  await colleaguePage.goto(colleagueLink);
  await expect(colleaguePage.getByRole('heading', { level: 1, name: 'Join Field Team' })).toBeVisible();
  await expect(colleaguePage.getByText('Olive Owner invited you to join Field Team as an editor.')).toBeVisible();
  await axeWideAndPhone(colleaguePage, 'the invitation page, signed out');
  await colleaguePage.getByRole('link', { name: 'Sign in to accept' }).click();
  await logIn(colleaguePage, colleague.email, colleague.password);
  await expect(colleaguePage).toHaveURL(colleagueLink);
  await axeWideAndPhone(colleaguePage, 'the invitation page, signed in');
  await colleaguePage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(colleaguePage).toHaveURL(new RegExp(`/dashboard\\?workspace=${workspaceId}`));
  await expect(colleaguePage.getByText('You joined Field Team')).toBeVisible();
  await expect(colleaguePage.getByRole('combobox', { name: 'Workspace' })).toHaveValue(workspaceId);

  // The new person registers with the invited email, verifies it, signs in and comes back to accept.
  const newcomerPage = await newPerson(browser);
  const newcomerLink = linkIn(await waitForMail(newcomer.email), INVITATION_LINK);
  await newcomerPage.goto(newcomerLink);
  await expect(newcomerPage.getByText('Olive Owner invited you to join Field Team as a viewer.')).toBeVisible();
  await newcomerPage.getByRole('link', { name: 'Create an account' }).click();
  await expect(newcomerPage.getByRole('heading', { name: 'Register' })).toBeVisible();
  const registeredAt = Date.now();
  await fillRegistration(newcomerPage, { ...newcomer, password: E2E_PASSWORD, confirm: E2E_PASSWORD });
  await newcomerPage.getByRole('button', { name: 'Register' }).click();
  await expect(newcomerPage.getByRole('heading', { name: 'Registration Successful' })).toBeVisible();
  const verifyMail = await waitForMail(newcomer.email, { after: registeredAt });
  await newcomerPage.goto(linkIn(verifyMail, VERIFY_LINK));
  await expect(newcomerPage.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
  await expect(newcomerPage).toHaveURL(atPath(paths.auth.login.getHref()), { timeout: 6000 });
  await logIn(newcomerPage, newcomer.email, E2E_PASSWORD);
  await expect(newcomerPage).toHaveURL(newcomerLink);
  await newcomerPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(newcomerPage.getByText('You joined Field Team')).toBeVisible();

  // The owner sees both, makes the viewer an editor and removes the colleague.
  await page.reload();
  await expect(invitations.getByText('No pending invitations')).toBeVisible();
  await expect(members.getByRole('listitem')).toHaveCount(3);
  const newcomerRole = members.getByRole('combobox', { name: 'Role of Nina Newcomer' });
  await expect(newcomerRole).toHaveValue('viewer');
  await expect(members.getByRole('combobox', { name: 'Role of Cole Colleague' })).toHaveValue('editor');
  await newcomerRole.selectOption('editor');
  await expect(newcomerRole).toBeEnabled();
  await page.reload();
  await expect(members.getByRole('combobox', { name: 'Role of Nina Newcomer' })).toHaveValue('editor');

  await members.getByRole('button', { name: 'Remove Cole Colleague' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Cole Colleague?' });
  await expect(confirm.getByRole('button', { name: 'Remove member' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await expect(confirm).toBeHidden();
  await expect(members.getByRole('listitem').filter({ hasText: 'Cole Colleague' })).toHaveCount(0);
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await axeWideAndPhone(page, 'the workspace settings page with members');

  // Removing ends access at once: the colleague's settings page no longer finds the workspace.
  await colleaguePage.goto(paths.user.workspace.getHref({ workspaceId }));
  await expect(colleaguePage.getByRole('heading', { name: 'Workspace not found' })).toBeVisible();
});
