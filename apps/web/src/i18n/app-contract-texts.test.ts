import { describe, expect, it } from 'vitest';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  CHANGE_PASSWORD_SPECIALS,
  changePasswordRules,
  REGISTRATION_SPECIALS,
  registrationPasswordRules,
  SSO_ERROR_CODES,
  SSO_ERROR_MESSAGES,
} from '@quorum/contract';
import { apiKeyScopeKey } from './app-contract-texts';
import { i18n } from './i18n';

const t = (key: string, values: Record<string, string> = {}) => i18n.t(`contract:${key}`, values);

describe("the contract's account texts", () => {
  it('are the contract’s own words in English', () => {
    expect(SSO_ERROR_CODES.map((code) => t(`ssoErrors.${code}`))).toEqual(
      SSO_ERROR_CODES.map((code) => SSO_ERROR_MESSAGES[code]),
    );
    expect(API_KEY_SCOPES.map((scope) => t(`apiKeyScopes.${apiKeyScopeKey(scope)}`))).toEqual(
      API_KEY_SCOPES.map((scope) => API_KEY_SCOPE_LABELS[scope]),
    );
    expect(
      registrationPasswordRules.map((rule) =>
        t(`passwordRules.register.${rule.id}`, { specials: REGISTRATION_SPECIALS }),
      ),
    ).toEqual(registrationPasswordRules.map((rule) => rule.label));
    expect(
      changePasswordRules.map((rule) => t(`passwordRules.change.${rule.id}`, { specials: CHANGE_PASSWORD_SPECIALS })),
    ).toEqual(changePasswordRules.map((rule) => rule.label));
  });

  it.each(['de', 'es', 'ar'])('are translated in %s, the special characters in place', async (language) => {
    await i18n.changeLanguage(language);
    for (const code of SSO_ERROR_CODES) expect(t(`ssoErrors.${code}`)).not.toBe(SSO_ERROR_MESSAGES[code]);
    for (const scope of API_KEY_SCOPES) {
      expect(t(`apiKeyScopes.${apiKeyScopeKey(scope)}`)).not.toBe(API_KEY_SCOPE_LABELS[scope]);
    }
    expect(t('passwordRules.register.special', { specials: REGISTRATION_SPECIALS })).toContain(
      `(${REGISTRATION_SPECIALS})`,
    );
    expect(t('passwordRules.change.special', { specials: CHANGE_PASSWORD_SPECIALS })).not.toBe(
      changePasswordRules.find((rule) => rule.id === 'special')?.label,
    );
  });

  it('names a scope without the colon i18next reads as a namespace', () => {
    expect(apiKeyScopeKey('surveys:read')).toBe('surveys_read');
  });
});
