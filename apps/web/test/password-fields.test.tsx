import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { paths } from '@/config/paths';
import { AdminLoginPage } from '@/features/admin/components/admin-login-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { makeUser, renderRoutes } from './support/render-shell';

afterEach(() => vi.restoreAllMocks());

const ChangePassword = () => <ChangePasswordForm role="user" />;

/** Each screen with password fields: its name, the address it is opened at, its fields' labels, signed in or not. */
const screens: Array<[string, ComponentType, string, string[], boolean]> = [
  ['Login', LoginPage, paths.auth.login.getHref(), ['Password'], false],
  ['Admin Login', AdminLoginPage, paths.auth.adminLogin.getHref(), ['Password'], false],
  ['Register', RegisterPage, paths.auth.register.getHref(), ['Password', 'Confirm Password'], false],
  [
    'Reset password',
    ResetPasswordPage,
    `${paths.auth.resetPassword.getHref()}?token=t`,
    ['New Password', 'Confirm New Password'],
    false,
  ],
  [
    'Change Password',
    ChangePassword,
    paths.user.profile.getHref(),
    ['Current Password', 'New Password', 'Confirm New Password'],
    true,
  ],
];

describe('every password field of the signed-out screens and the profile', () => {
  it.each(screens)('%s: each password field can be shown and hidden', async (_, Component, path, labels, signedIn) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 200 }));
    const { container } = renderRoutes([{ path: path.split('?')[0], Component }], {
      path,
      user: signedIn ? makeUser('user') : undefined,
    });
    const user = userEvent.setup({ delay: null });
    await screen.findAllByRole('button', { name: 'Show password' });
    const fields = [...container.querySelectorAll<HTMLInputElement>('input[type="password"]')];
    expect(fields.map((field) => field.labels?.[0]?.textContent?.replace('*', ''))).toEqual(labels);
    for (const field of fields) {
      const toggle = container.querySelector<HTMLButtonElement>(`button[aria-controls="${field.id}"]`);
      expect(toggle).toHaveAccessibleName('Show password');
      await user.click(toggle!);
      expect(field).toHaveAttribute('type', 'text');
      expect(toggle).toHaveAccessibleName('Hide password');
    }
  });
});
