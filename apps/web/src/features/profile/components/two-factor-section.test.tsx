import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { TwoFactorSection } from './two-factor-section';

configure({ asyncUtilTimeout: 5000 });

type Answer = { status: number; body: unknown };

/** Answers fetch calls by method and path from a queue per call (the last answer repeats); records the bodies. */
function stubServer(answers: Record<string, Answer[]>) {
  const sent: Array<{ call: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    sent.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const queue = answers[call];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!answer) throw new Error(`unexpected call ${call}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return sent;
}

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

const renderSection = (role: 'user' | 'admin' = 'user') => {
  const user = makeUser(role);
  return renderRoutes([{ path: '/', element: <TwoFactorSection role={role} user={user} /> }], { user });
};

describe('two-factor sign-in on the profile', { timeout: 20_000 }, () => {
  it('sets up with a QR code and the key, turns on with a code, and shows the recovery codes once', async () => {
    const sent = stubServer({
      'GET /api/user/auth/2fa': [
        { status: 200, body: { enabled: false, recoveryCodesLeft: 0 } },
        { status: 200, body: { enabled: true, recoveryCodesLeft: 10 } },
      ],
      'POST /api/user/auth/2fa/setup': [
        {
          status: 200,
          body: { secret: SECRET, otpauthUrl: `otpauth://totp/Quorum:user%40example.com?secret=${SECRET}` },
        },
      ],
      'POST /api/user/auth/2fa/enable': [
        {
          status: 400,
          body: {
            message: 'The code is not valid. Check your authenticator app and try again.',
            code: 'TWO_FACTOR_CODE_INVALID',
          },
        },
        { status: 200, body: { message: 'Two-factor sign-in is on', recoveryCodes: CODES } },
      ],
    });
    const user = userEvent.setup();
    renderSection();
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(await within(section).findByText('Off')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Set up two-factor sign-in' }));

    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();

    // A code that is not six digits is refused before it is sent.
    await user.type(screen.getByLabelText(/^Code from the app/), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    expect(sent.some((s) => s.call === 'POST /api/user/auth/2fa/enable')).toBe(false);

    await user.clear(screen.getByLabelText(/^Code from the app/));
    await user.type(screen.getByLabelText(/^Code from the app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/The code is not valid/)).toBeVisible();

    await user.type(screen.getByLabelText(/^Code from the app/), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(sent.filter((s) => s.call === 'POST /api/user/auth/2fa/enable').map((s) => s.body)).toEqual([
      { code: '123456' },
      { code: '654321' },
    ]);
    expect(within(section).getByText('On')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await screen.findByText('10')).toBeVisible();
  });

  it('turns off with the password and a code, by role', async () => {
    const sent = stubServer({
      'GET /api/admin/auth/2fa': [
        { status: 200, body: { enabled: true, recoveryCodesLeft: 7 } },
        { status: 200, body: { enabled: false, recoveryCodesLeft: 0 } },
      ],
      'POST /api/admin/auth/2fa/disable': [
        { status: 400, body: { message: 'The password is incorrect', code: 'PASSWORD_INCORRECT' } },
        { status: 200, body: { message: 'Two-factor sign-in is off' } },
      ],
    });
    const user = userEvent.setup();
    renderSection('admin');
    expect(await screen.findByText('7')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const form = screen.getByRole('form', { name: 'Turn off two-factor sign-in' });
    expect(within(form).getByRole('button', { name: 'Show password' })).toHaveAttribute(
      'aria-controls',
      within(form).getByLabelText(/^Password/).id,
    );
    await user.type(within(form).getByLabelText(/^Password/), 'Wrong-Horse1!');
    await user.type(within(form).getByLabelText(/^Code from the app/), '123456');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('The password is incorrect')).toBeVisible();

    await user.clear(within(form).getByLabelText(/^Password/));
    await user.type(within(form).getByLabelText(/^Password/), 'Correct-Horse1!');
    await user.type(within(form).getByLabelText(/^Code from the app/), 'abcde-fghjk');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible());
    expect(sent.filter((s) => s.call === 'POST /api/admin/auth/2fa/disable').map((s) => s.body)).toEqual([
      { password: 'Wrong-Horse1!', code: '123456' },
      { password: 'Correct-Horse1!', code: 'abcde-fghjk' },
    ]);
  });
});
