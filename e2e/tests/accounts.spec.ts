import { expect, test } from '@playwright/test';
import { linkIn } from '@quorum/test-support/smtp';
import { E2E_PASSWORD, fillRegistration, logIn, registerAndVerify, uniqueEmail } from '../support/accounts';
import { waitForMail } from '../support/mailbox';
import { atPath, paths } from '../support/paths';

/** The start of the verification link in a mail. */
const VERIFY_LINK = paths.auth.verifyEmail.getHref({ token: '' });

const NEW_PASSWORD = 'Fresh-Start2@';

test('the whole account journey: register, verify by mail, log in, rename, change password, log out, log in again', async ({
  page,
}) => {
  const email = uniqueEmail('journey');

  // Register.
  await page.goto(paths.auth.register.getHref());
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  await fillRegistration(page, { name: 'Jade Journey', email, password: E2E_PASSWORD, confirm: E2E_PASSWORD });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Successful' })).toBeVisible();
  await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();

  // Read the mail and open its link.
  const mail = await waitForMail(email);
  const link = linkIn(mail, VERIFY_LINK);
  expect(link.startsWith(test.info().project.use.baseURL!)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
  await expect(page.getByText('Redirecting to login...')).toBeVisible();
  // The success state goes to /login after 3 seconds.
  await expect(page).toHaveURL(atPath(paths.auth.login.getHref()), { timeout: 6000 });

  // Log in.
  await logIn(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
  expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('user');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}'))).toMatchObject({
    name: 'Jade Journey',
    email,
    type: 'user',
    role: 'user',
  });
  const firstToken = await page.evaluate(() => localStorage.getItem('token'));
  expect(firstToken).toBeTruthy();

  // Profile: the name.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(atPath(paths.user.profile.getHref()));
  await expect(page.getByRole('tab', { name: 'Profile Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByText('No changes to update')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
  await page.getByLabel('Name').fill('Jade Renamed');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Jade Renamed')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').name)).toBe('Jade Renamed');

  // Profile: the password.
  await page.getByRole('tab', { name: 'Change Password' }).click();
  const submit = page.getByRole('button', { name: 'Update Password' });
  await page.getByLabel('Current Password').fill(E2E_PASSWORD);
  await page.getByLabel(/^New Password/).fill('short');
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await expect(page.getByText('Password must contain at least one number')).toBeVisible();
  await expect(page.getByText('Password must contain at least one special character (!@#$%^&*)')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel(/^New Password/).fill(NEW_PASSWORD);
  await expect(page.getByText('All password requirements are met')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill(`${NEW_PASSWORD}x`);
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await expect(page.getByText('New passwords do not match')).toBeHidden();
  await submit.click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');
  await expect(page.getByLabel(/^New Password/)).toHaveValue('');
  await expect(page.getByLabel('Confirm New Password')).toHaveValue('');
  // This browser keeps working with the fresh token; the old one is dead.
  const freshToken = await page.evaluate(() => localStorage.getItem('token'));
  expect(freshToken).not.toBe(firstToken);
  const oldTokenAnswer = await page.request.get('/api/user/auth/verify-user-token', {
    headers: { authorization: `Bearer ${firstToken}` },
  });
  expect(oldTokenAnswer.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();

  // Log out, then the old password fails and the new one works.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(atPath(paths.auth.login.getHref()));
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await logIn(page, email, E2E_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await logIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
  await expect(page.getByRole('banner').getByText('Jade Renamed')).toBeVisible();
});

test.describe('register screen', () => {
  test('shows unmet requirements only after the password field was focused, and the submit errors', async ({
    page,
  }) => {
    await page.goto(paths.auth.register.getHref());
    const requirements = page.getByRole('list', { name: 'Unmet password requirements' });
    await expect(requirements).toBeHidden();
    await page.getByLabel(/^Password/).focus();
    await expect(requirements).toBeVisible();
    await expect(requirements.getByRole('listitem')).toHaveCount(5);
    await page.getByLabel(/^Password/).fill('abcdefgh');
    await expect(requirements.getByRole('listitem')).toHaveText([
      'One uppercase letter',
      'One number',
      'One special character (!@#$%^&*(),.?":{}|<>)',
    ]);

    await fillRegistration(page, {
      name: 'Wes Weak',
      email: uniqueEmail('weak'),
      password: 'abcdefgh',
      confirm: 'abcdefgh',
    });
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Password does not meet all requirements')).toBeVisible();

    await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
    await expect(page.getByText('All password requirements are met')).toBeVisible();
    await page.getByLabel('Confirm Password').fill(`${E2E_PASSWORD}?`);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  });

  test('shows the server message for an email that is taken, and links to login', async ({ page, request }) => {
    const account = await registerAndVerify(request);
    await page.goto(paths.auth.register.getHref());
    await fillRegistration(page, {
      name: 'Copy Cat',
      email: account.email,
      password: E2E_PASSWORD,
      confirm: E2E_PASSWORD,
    });
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('An account with this email already exists');
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(atPath(paths.auth.login.getHref()));
  });
});

test.describe('login screen', () => {
  test('shows the server message for a wrong password and links to register', async ({ page, request }) => {
    const account = await registerAndVerify(request);
    await page.goto(paths.auth.login.getHref());
    await logIn(page, account.email, 'Not-The-Password1!');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByLabel(/^Password/)).toHaveValue('');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(atPath(paths.auth.register.getHref()));
  });

  test('asks an unverified user to verify, and resends the link', async ({ page, request }) => {
    const email = uniqueEmail('unverified');
    const res = await request.post('/api/user/auth/register', {
      data: { name: 'Una Verified', email, password: E2E_PASSWORD, confirmPassword: E2E_PASSWORD, recaptchaToken: '' },
    });
    expect(res.status()).toBe(201);
    const first = await waitForMail(email);
    const sentAt = Date.now();

    await page.goto(paths.auth.login.getHref());
    await logIn(page, email, E2E_PASSWORD);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Please check your email to verify your account before logging in.');
    await alert.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(alert).toContainText('If an account with that email needs verification, a new link has been sent.');

    const second = await waitForMail(email, { after: sentAt });
    expect(linkIn(second, VERIFY_LINK)).not.toBe(linkIn(first, VERIFY_LINK));
    await page.goto(linkIn(second, VERIFY_LINK));
    await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await logIn(page, email, E2E_PASSWORD);
    await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
  });

  test('says the account is locked after five failures, even for the right password', async ({ page, request }) => {
    const account = await registerAndVerify(request);
    await page.goto(paths.auth.login.getHref());
    for (let i = 1; i <= 4; i++) {
      await logIn(page, account.email, `Wrong-Guess${i}!`);
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    }
    const locked = 'Account is temporarily locked due to multiple failed attempts. Please try again later.';
    await logIn(page, account.email, 'Wrong-Guess5!');
    await expect(page.getByRole('alert')).toHaveText(locked);
    await logIn(page, account.email, account.password);
    await expect(page.getByRole('alert')).toHaveText(locked);
    await expect(page).toHaveURL(atPath(paths.auth.login.getHref()));
  });
});

test('a verification link that is unknown shows the error state', async ({ page }) => {
  await page.goto(paths.auth.verifyEmail.getHref({ token: 'not-a-real-token' }));
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByText('The link may be expired or invalid.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(atPath(paths.auth.login.getHref()));
});

test('an invalid stored token is cleared on load and the visitor goes to the login page', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('token', 'not-a-valid-token');
    localStorage.setItem('userType', 'user');
    localStorage.setItem(
      'userData',
      JSON.stringify({ id: 'x', name: 'Ghost', email: 'g@x.co', type: 'user', role: 'user' }),
    );
  });
  await page.goto(paths.user.profile.getHref());
  // The session ended: the login page says so and offers the way back to the page that was asked for.
  await expect(page).toHaveURL(/\/login\?notice=session-ended&next=%2Fprofile$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
