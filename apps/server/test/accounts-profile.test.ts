import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@quorum/contract';
import { createAdmin, createUser, findAccount } from '@quorum/test-support/factories';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const NEW_PASSWORD = 'Brand-New-Pass9!';

/** Users and administrators keep their profile and password through the same rules, each under its own path. */
const ACCOUNTS = [
  { kind: 'user', create: createUser, table: 'users', verifyUrl: '/api/user/auth/verify-user-token' },
  { kind: 'admin', create: createAdmin, table: 'admins', verifyUrl: '/api/admin/auth/verify-admin-token' },
] as const;

describe.each(ACCOUNTS)(`accounts: the $kind's profile and password (${TEST_DIALECT})`, (account) => {
  const { kind, verifyUrl } = account;
  const t = useTestApp({ loginRateLimit: 10_000 });

  const create = (overrides: { name?: string } = {}) => account.create(t.ctx, overrides);
  const updateProfile = (token: string | undefined, body: unknown) =>
    request(t.app, 'PUT', `/api/${kind}/auth/update-profile`, { token, body });
  const changePassword = (token: string | undefined, body: unknown) =>
    request(t.app, 'PUT', `/api/${kind}/auth/change-password`, { token, body });
  const login = (email: string, password: string) =>
    request(t.app, 'POST', `/api/${kind}/auth/login`, { body: { email, password } });
  const verifyToken = (token: string) => request(t.app, 'GET', verifyUrl, { token });
  const row = async (id: string) => {
    const found = await findAccount(t.ctx, account.table, { id });
    if (!found) throw new Error(`no ${kind} ${id}`);
    return found;
  };

  describe('update-profile', () => {
    it('changes the name (trimmed) and answers the message and the user', async () => {
      const user = await create({ name: 'Old Name' });
      const res = await updateProfile(user.token, { name: '  New Name  ', recaptchaToken: '' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Profile updated successfully',
        user: { id: user.id, name: 'New Name', email: user.email, type: kind },
      });
      expect((await row(user.id)).name).toBe('New Name');
      expect((await verifyToken(user.token)).json().user).toMatchObject({ name: 'New Name', email: user.email });
    });

    it('never changes the email, even when one is sent', async () => {
      const user = await create();
      const res = await updateProfile(user.token, { name: 'Same Person', email: 'attacker@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe(user.email);
      expect((await row(user.id)).email).toBe(user.email);
    });

    it.each([
      ['a blank name', { name: '   ' }],
      ['a missing name', {}],
    ])('refuses %s with 400 "Name is required" and changes nothing', async (_case, body) => {
      const user = await create({ name: 'Kept' });
      const res = await updateProfile(user.token, body);
      expectError(res, 400, 'VALIDATION_FAILED', {
        message: MESSAGES.nameRequired,
        params: expect.objectContaining({ location: 'body', field: 'name', rule: 'nameRequired' }),
      });
      expect((await row(user.id)).name).toBe('Kept');
    });

    it('refuses a name over 100 characters', async () => {
      const user = await create();
      const res = await updateProfile(user.token, { name: 'x'.repeat(101) });
      expect(res.statusCode).toBe(400);
    });

    it(`needs a ${kind} token`, async () => {
      expect((await updateProfile(undefined, { name: 'X' })).statusCode).toBe(401);
    });
  });

  describe('change-password', () => {
    it('changes the password, bumps the token version and answers a fresh token', async () => {
      const user = await create();
      const res = await changePassword(user.token, { currentPassword: user.password, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({ message: 'Password updated successfully', token: expect.any(String) });
      expect(await t.ctx.tokens.verify(body.token)).toMatchObject({ ver: 1 });
      expect((await row(user.id)).token_version).toBe(1);

      // Older tokens stop working; the fresh one works.
      expect((await verifyToken(user.token)).statusCode).toBe(401);
      expect((await updateProfile(user.token, { name: 'Late' })).statusCode).toBe(401);
      expect((await verifyToken(body.token)).statusCode).toBe(200);

      // The old password is refused, the new one logs in.
      expect((await login(user.email, user.password)).statusCode).toBe(401);
      const relogin = await login(user.email, NEW_PASSWORD);
      expect(relogin.statusCode).toBe(200);
      expect(await t.ctx.tokens.verify(relogin.json().token)).toMatchObject({ ver: 1 });
    });

    it('refuses a wrong current password with 400 "Current password is incorrect" and changes nothing', async () => {
      const user = await create();
      const before = await row(user.id);
      const res = await changePassword(user.token, { currentPassword: 'Not-The-One1!', newPassword: NEW_PASSWORD });
      expectError(res, 400, 'CURRENT_PASSWORD_INCORRECT', { message: 'Current password is incorrect' });
      const after = await row(user.id);
      expect(after.password_hash).toBe(before.password_hash);
      expect(after.token_version).toBe(0);
      expect((await verifyToken(user.token)).statusCode).toBe(200);
    });

    it.each([
      ['Short1!', 'Password must be at least 8 characters long'],
      ['lowercase-only1!', 'Password must contain at least one uppercase letter'],
      ['UPPERCASE-ONLY1!', 'Password must contain at least one lowercase letter'],
      ['No-Digits-Here!', 'Password must contain at least one number'],
      ['NoSpecials123', 'Password must contain at least one special character (!@#$%^&*)'],
      // Registration accepts "?" but the change-password rules do not.
      ['Question-Mark1?', 'Password must contain at least one special character (!@#$%^&*)'],
    ])('refuses the new password %s with "%s"', async (newPassword, message) => {
      const user = await create();
      const res = await changePassword(user.token, { currentPassword: user.password, newPassword });
      expectError(res, 400, 'VALIDATION_FAILED', {
        message,
        params: { location: 'body', field: 'newPassword', issue: 'custom' },
      });
      expect((await row(user.id)).token_version).toBe(0);
    });

    it('refuses a missing current password', async () => {
      const user = await create();
      const res = await changePassword(user.token, { newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Current password is required');
    });

    it('lets one of two concurrent changes win; the other token is outdated', async () => {
      const user = await create();
      const results = await Promise.all([
        changePassword(user.token, { currentPassword: user.password, newPassword: NEW_PASSWORD }),
        changePassword(user.token, { currentPassword: user.password, newPassword: 'Other-New-Pass2!' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      expect((await row(user.id)).token_version).toBe(1);
    });

    it(`needs a ${kind} token`, async () => {
      expect((await changePassword(undefined, { currentPassword: 'a', newPassword: NEW_PASSWORD })).statusCode).toBe(
        401,
      );
    });
  });
});
