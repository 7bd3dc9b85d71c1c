import { describe, expect, it } from 'vitest';
import {
  formatRecoveryCode,
  loginResponseSchema,
  normaliseTwoFactorCode,
  totpCodeSchema,
  twoFactorCodeKind,
} from '../src';

describe('two-factor codes', () => {
  it('tells an authenticator code from a recovery code by its shape, ignoring spaces, hyphens and case', () => {
    expect(twoFactorCodeKind('123456')).toBe('totp');
    expect(twoFactorCodeKind(' 123 456 ')).toBe('totp');
    expect(twoFactorCodeKind('abcde-fghjk')).toBe('recovery');
    expect(twoFactorCodeKind('ABCDE FGHJK')).toBe('recovery');
    expect(normaliseTwoFactorCode(' ABCDE-fghjk ')).toBe('abcdefghjk');
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
    // Too short, too long, letters outside the alphabet (i, l, o, u), other characters.
    for (const code of ['12345', '1234567', 'abcde-fghji', 'abcde-fghjkm', '12345a', '１２３４５６', '']) {
      expect(twoFactorCodeKind(code), code).toBeUndefined();
    }
  });

  it('lets only six digits turn two-factor sign-in on', () => {
    expect(totpCodeSchema.safeParse('123 456').success).toBe(true);
    expect(totpCodeSchema.safeParse('abcde-fghjk').success).toBe(false);
    expect(totpCodeSchema.safeParse('12345').error?.issues[0]?.message).toBe(
      'Enter the 6-digit code from your authenticator app',
    );
  });

  it('answers a login with a session or with the ticket to the second step, nothing in between', () => {
    const user = { id: 'u', name: 'N', email: 'n@example.com', type: 'user' as const };
    expect(loginResponseSchema.parse({ token: 't', user })).toEqual({ token: 't', user });
    expect(loginResponseSchema.parse({ mfaRequired: true, mfaToken: 'm' })).toEqual({
      mfaRequired: true,
      mfaToken: 'm',
    });
    expect(loginResponseSchema.safeParse({ mfaRequired: false, mfaToken: 'm' }).success).toBe(false);
    // A ticket never carries a session alongside: the extra keys are dropped.
    expect(loginResponseSchema.parse({ mfaRequired: true, mfaToken: 'm', secret: 'x' })).toEqual({
      mfaRequired: true,
      mfaToken: 'm',
    });
  });
});
