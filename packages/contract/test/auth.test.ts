import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHANGE_PASSWORD_SPECIALS,
  MESSAGES,
  REGISTRATION_SPECIALS,
  changePasswordBodySchema,
  changePasswordRules,
  formatMessage,
  loginBodySchema,
  registerBodySchema,
  registrationPasswordRules,
  resendVerificationBodySchema,
  unmetPasswordRules,
  updateProfileBodySchema,
  verifyEmailResponseSchema,
} from '../src';

const ids = (rules: readonly { id: string }[]) => rules.map((r) => r.id);

describe('registration password rules (8 characters, upper and lower case, a digit, a special)', () => {
  it('lists every unmet requirement in order', () => {
    expect(unmetPasswordRules('x')).toEqual(unmetPasswordRules('x', registrationPasswordRules));
    expect(ids(unmetPasswordRules(''))).toEqual(['length', 'uppercase', 'lowercase', 'number', 'special']);
    expect(ids(unmetPasswordRules('abcdefgh'))).toEqual(['uppercase', 'number', 'special']);
    expect(ids(unmetPasswordRules('ABCDEFG1'))).toEqual(['lowercase', 'special']);
    expect(ids(unmetPasswordRules('Abcdef1!'))).toEqual([]);
  });

  it.each([
    ['length', 'Abc1!xy'],
    ['uppercase', 'abcdef1!'],
    ['lowercase', 'ABCDEF1!'],
    ['number', 'Abcdefg!'],
    ['special', 'Abcdefg1'],
  ])('fails only the %s rule for %s', (id, password) => {
    expect(ids(unmetPasswordRules(password))).toEqual([id]);
  });

  it('accepts exactly the specials !@#$%^&*(),.?":{}|<> and no others', () => {
    expect(REGISTRATION_SPECIALS).toBe('!@#$%^&*(),.?":{}|<>');
    for (const c of REGISTRATION_SPECIALS) expect(unmetPasswordRules(`Abcdefg1${c}`), c).toEqual([]);
    for (const c of ['_', '-', '+', '=', '~', '`', "'", '/', '\\', '[', ']', ';', ' ']) {
      expect(ids(unmetPasswordRules(`Abcdefg1${c}`)), c).toEqual(['special']);
    }
  });

  it('counts 8 characters as long enough and 7 as too short', () => {
    expect(ids(unmetPasswordRules('Abcde1!x'))).toEqual([]);
    expect(ids(unmetPasswordRules('Abcd1!x'))).toEqual(['length']);
  });

  it('agrees with a plain reading of the rules for any string', () => {
    const plain = (p: string) =>
      p.length >= 8 &&
      /[A-Z]/.test(p) &&
      /[a-z]/.test(p) &&
      /[0-9]/.test(p) &&
      [...p].some((c) => REGISTRATION_SPECIALS.includes(c));
    fc.assert(
      fc.property(fc.string({ maxLength: 20, unit: 'binary-ascii' }), (p) => {
        expect(unmetPasswordRules(p).length === 0).toBe(plain(p));
      }),
    );
  });
});

describe('change-password rules (8 characters, upper and lower case, a number, one of !@#$%^&*)', () => {
  it('carries the five messages word for word', () => {
    expect(changePasswordRules.map((r) => r.label)).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character (!@#$%^&*)',
    ]);
  });

  it('accepts only !@#$%^&* as specials', () => {
    expect(CHANGE_PASSWORD_SPECIALS).toBe('!@#$%^&*');
    for (const c of CHANGE_PASSWORD_SPECIALS)
      expect(unmetPasswordRules(`Abcdefg1${c}`, changePasswordRules)).toEqual([]);
    for (const c of '(),.?":{}|<>') {
      expect(ids(unmetPasswordRules(`Abcdefg1${c}`, changePasswordRules)), c).toEqual(['special']);
    }
  });
});

describe('register body', () => {
  const valid = {
    name: '  Rita  ',
    email: '  Rita@Example.COM ',
    password: 'Correct-Horse1!',
    confirmPassword: 'Correct-Horse1!',
  };

  it('trims the name, trims and lower-cases the email, defaults the bot token', () => {
    expect(registerBodySchema.parse(valid)).toEqual({
      name: 'Rita',
      email: 'rita@example.com',
      password: 'Correct-Horse1!',
      confirmPassword: 'Correct-Horse1!',
      recaptchaToken: '',
    });
  });

  const firstMessage = (body: unknown) => {
    const result = registerBodySchema.safeParse(body);
    if (result.success) throw new Error('expected a failure');
    return result.error.issues[0]!.message;
  };

  it('gives the registration messages: requirements unmet, passwords differ, name required', () => {
    expect(firstMessage({ ...valid, password: 'weak', confirmPassword: 'weak' })).toBe(MESSAGES.passwordRequirements);
    expect(firstMessage({ ...valid, confirmPassword: 'Correct-Horse1?' })).toBe(MESSAGES.passwordsDoNotMatch);
    expect(firstMessage({ ...valid, name: '   ' })).toBe(MESSAGES.nameRequired);
    expect(firstMessage({ ...valid, name: undefined })).toBe(MESSAGES.nameRequired);
    expect(firstMessage({ ...valid, email: 'not-an-email' })).toBe(MESSAGES.emailInvalid);
    expect(firstMessage({ ...valid, email: undefined })).toBe(MESSAGES.emailInvalid);
  });

  it('does not keep unknown fields', () => {
    expect(registerBodySchema.parse({ ...valid, admin: true })).not.toHaveProperty('admin');
  });
});

describe('other auth bodies', () => {
  it('login needs a valid email and a password', () => {
    expect(loginBodySchema.parse({ email: 'A@B.co', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
      recaptchaToken: '',
    });
    expect(loginBodySchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ email: 'nope', password: 'x' }).success).toBe(false);
  });

  it('resend needs a valid email', () => {
    expect(resendVerificationBodySchema.parse({ email: 'X@Y.io' }).email).toBe('x@y.io');
    expect(resendVerificationBodySchema.safeParse({ email: '' }).success).toBe(false);
  });

  it('update-profile keeps the name only: an email can never come through', () => {
    expect(updateProfileBodySchema.parse({ name: ' New ', email: 'other@x.co' })).toEqual({
      name: 'New',
      recaptchaToken: '',
    });
    expect(updateProfileBodySchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(MESSAGES.nameRequired);
  });

  it('change-password reports the first unmet rule of the new password', () => {
    const message = (newPassword: string) =>
      changePasswordBodySchema.safeParse({ currentPassword: 'x', newPassword }).error?.issues[0]?.message;
    expect(message('short')).toBe('Password must be at least 8 characters long');
    expect(message('nouppercase1!')).toBe('Password must contain at least one uppercase letter');
    expect(message('NoSpecial12')).toBe('Password must contain at least one special character (!@#$%^&*)');
    expect(message('Good-Pass1!')).toBeUndefined();
    expect(changePasswordBodySchema.safeParse({ currentPassword: '', newPassword: 'Good-Pass1!' }).success).toBe(false);
  });

  it('verify-email answers may carry alreadyVerified', () => {
    expect(verifyEmailResponseSchema.parse({ message: 'ok', alreadyVerified: true })).toEqual({
      message: 'ok',
      alreadyVerified: true,
    });
  });
});

describe('messages', () => {
  it('fills the lock minutes and keeps the words the login screen looks for', () => {
    const locked = formatMessage(MESSAGES.accountLocked, { minutes: 15 });
    expect(locked).toContain('Account locked');
    expect(locked).toContain('15 minutes');
    expect(MESSAGES.emailNotVerified).toContain('Please verify your email');
    expect(MESSAGES.invalidCredentials).toBe('Invalid email or password');
    expect(MESSAGES.currentPasswordIncorrect).toBe('Current password is incorrect');
  });
});
