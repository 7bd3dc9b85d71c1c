import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AuthUser, LoginResponse, SessionResponse } from '@quorum/contract';
import { linkIn } from '@quorum/test-support/smtp';
import { E2E_ADMIN } from './env';
import { waitForMail } from './mailbox';
import { paths } from './paths';

export const E2E_PASSWORD = 'Survey-Maker1!';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export interface SignedIn extends Account {
  token: string;
  user: AuthUser;
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** Registers through the API, reads the verification mail and opens its link through the API. */
export async function registerAndVerify(
  request: APIRequestContext,
  overrides: Partial<Account> = {},
): Promise<Account> {
  const account = {
    name: overrides.name ?? 'Erin Example',
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? E2E_PASSWORD,
  };
  const res = await request.post('/api/user/auth/register', {
    data: { ...account, confirmPassword: account.password, recaptchaToken: '' },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const mail = await waitForMail(account.email);
  const verifyLink = paths.auth.verifyEmail.getHref({ token: '' });
  const token = linkIn(mail, verifyLink).split(verifyLink)[1]!;
  const verify = await request.get(`/api/user/auth/verify-email/${token}`);
  if (!verify.ok()) throw new Error(`verify failed: ${verify.status()} ${await verify.text()}`);
  return account;
}

export async function loginViaApi(
  request: APIRequestContext,
  account: Pick<Account, 'email' | 'password'>,
  role: 'user' | 'admin' = 'user',
): Promise<SessionResponse> {
  const res = await request.post(`/api/${role}/auth/login`, {
    data: { email: account.email, password: account.password, recaptchaToken: '' },
  });
  if (!res.ok()) throw new Error(`${role} login failed: ${res.status()} ${await res.text()}`);
  const answer = (await res.json()) as LoginResponse;
  if ('mfaRequired' in answer) throw new Error(`${role} login asks for a two-factor code: use the second step`);
  return answer;
}

/** Puts a session (token, userType, userData) into the page's storage, as the login screen would. */
export async function storeSession(page: Page, token: string, user: AuthUser): Promise<void> {
  await page.addInitScript(
    ({ token, user }) => {
      if (sessionStorage.getItem('e2e-session-stored')) return;
      sessionStorage.setItem('e2e-session-stored', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('userType', user.type);
      localStorage.setItem('userData', JSON.stringify({ ...user, role: user.type }));
    },
    { token, user },
  );
}

/** A new verified user, signed in on the page. */
export async function signInNewUser(
  page: Page,
  request: APIRequestContext,
  overrides: Partial<Account> = {},
): Promise<SignedIn> {
  const account = await registerAndVerify(request, overrides);
  const { token, user } = await loginViaApi(request, account);
  await storeSession(page, token, user);
  return { ...account, token, user };
}

/** Fills the open registration form without sending it. */
export async function fillRegistration(
  page: Page,
  values: { name: string; email: string; password: string; confirm: string },
): Promise<void> {
  await page.getByLabel('Name').fill(values.name);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel(/^Password/).fill(values.password);
  await page.getByLabel('Confirm Password').fill(values.confirm);
}

/** Fills the open login screen and presses its button: `Login` on the user's, `Log in` on the administrator's. */
export async function logIn(page: Page, email: string, password: string, button: string | RegExp = 'Login') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: button }).click();
}

/** The E2E server's administrator, signed in on the page. */
export async function signInAdmin(page: Page, request: APIRequestContext): Promise<SignedIn> {
  const { token, user } = await loginViaApi(request, E2E_ADMIN, 'admin');
  await storeSession(page, token, user);
  return { ...E2E_ADMIN, token, user };
}
