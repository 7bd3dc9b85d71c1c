import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  CHANGE_PASSWORD_SPECIALS,
  changePasswordRules,
  REGISTRATION_SPECIALS,
  registrationPasswordRules,
} from '@quorum/contract';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { describeTimeline } from '@/components/charts/timeline-chart';
import { paths } from '@/config/paths';
import { RegisterPage } from '@/features/auth/components/register-page';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { changeLanguage, i18n } from '@/i18n/i18n';
import { formatDuration, formatPercentage } from '@/lib/format';

/** Answers every call as a fresh account would: no 2FA, no keys, no bot check. */
function stubServer() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body =
      path === '/api/config'
        ? { recaptchaSiteKey: null, recaptchaScriptUrl: null }
        : path.endsWith('/auth/2fa')
          ? { enabled: true, recoveryCodesLeft: 2 }
          : { apiKeys: [] };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

describe('the shell, sign-in and account screens in other languages', () => {
  it('shows the register screen in German, its title and the live password rules included', async () => {
    stubServer();
    await i18n.changeLanguage('de');
    renderRoutes([{ path: paths.auth.register.path, Component: RegisterPage }], {
      path: paths.auth.register.getHref(),
    });
    expect(await screen.findByRole('heading', { name: 'Registrieren' })).toBeVisible();
    expect(document.title).toBe('Registrieren · Quorum');
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', paths.auth.login.getHref());
    await userEvent.click(screen.getAllByLabelText(/^Passwort/)[0]!);
    expect(screen.getByText('Das Passwort muss Folgendes enthalten:')).toBeVisible();
    expect(screen.getByText('Mindestens 8 Zeichen')).toBeVisible();
    expect(screen.getByText('Ein Sonderzeichen (!@#$%^&*(),.?":{}|<>)')).toBeVisible();
  });

  it('lays the profile out right to left in Arabic, with an Arabic plural', async () => {
    stubServer();
    await changeLanguage('ar');
    renderRoutes([{ path: paths.user.profile.path, Component: ProfilePage }], {
      path: paths.user.profile.getHref(),
      user: makeUser('user'),
    });
    expect(await screen.findByRole('heading', { name: 'الملف الشخصي', level: 1 })).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('tab', { name: 'تفاصيل الملف الشخصي' })).toBeVisible();
    expect(await screen.findByText('مفعّل')).toBeVisible();
    expect(describeTimeline([{ date: '2026-03-05', count: 2 }])).toMatch(/^ردّان في /);
  });

  it('words durations in the language', async () => {
    expect(formatDuration(200)).toBe('3 min 20 s');
    await i18n.changeLanguage('de');
    expect(formatDuration(3900)).toBe('1 Std. 5 Min.');
  });

  it('writes shares the way the language does', async () => {
    expect([formatPercentage(33.3), formatPercentage(50), formatPercentage(0)]).toEqual(['33.3%', '50%', '0%']);
    await i18n.changeLanguage('de');
    expect(formatPercentage(33.3)).toBe('33,3\u00a0%');
  });

  it("takes the password rules' English from the contract, word for word", () => {
    const words = (rules: typeof registrationPasswordRules, set: 'register' | 'change') =>
      rules.map((rule) =>
        i18n.t(`contract:passwordRules.${set}.${rule.id}`, {
          specials: set === 'register' ? REGISTRATION_SPECIALS : CHANGE_PASSWORD_SPECIALS,
        }),
      );
    expect(words(registrationPasswordRules, 'register')).toEqual(registrationPasswordRules.map((rule) => rule.label));
    expect(words(changePasswordRules, 'change')).toEqual(changePasswordRules.map((rule) => rule.label));
  });
});
