import {
  API_KEY_SCOPE_LABELS,
  CHANGE_PASSWORD_SPECIALS,
  changePasswordRules,
  type PasswordRule,
  REGISTRATION_SPECIALS,
  registrationPasswordRules,
  SSO_ERROR_MESSAGES,
} from '@quorum/contract';
import { VALIDATION_TEXTS_EN } from './validation-texts';

// Apart from contract-texts.ts: these contract modules bring zod, which the public survey page must not load.

/** A rule set's texts by rule id, its special characters written `{specials}` (a translation places them). */
const ruleTexts = (rules: readonly PasswordRule[], specials: string) =>
  Object.fromEntries(rules.map((rule) => [rule.id, rule.label.replace(`(${specials})`, '({specials})')]));

/**
 * The `contract` namespace's English texts that only the app needs, read from the contract (see contract-texts.ts):
 * - `validation.<rule>`: the named validation messages;
 * - `passwordRules.<register|change>.<id>`: the live password rules, with `{specials}`;
 * - `ssoErrors.<code>`: why a single sign-on was refused (the login screen's `sso_error`);
 * - `apiKeyScopes.<scope>`: what an API key's scope allows, the scope's `:` written `_` (i18next reads `:` as the
 *   namespace's end).
 */
export const APP_CONTRACT_TEXTS_EN = {
  validation: VALIDATION_TEXTS_EN,
  passwordRules: {
    register: ruleTexts(registrationPasswordRules, REGISTRATION_SPECIALS),
    change: ruleTexts(changePasswordRules, CHANGE_PASSWORD_SPECIALS),
  },
  ssoErrors: SSO_ERROR_MESSAGES,
  apiKeyScopes: Object.fromEntries(
    Object.entries(API_KEY_SCOPE_LABELS).map(([scope, label]) => [apiKeyScopeKey(scope), label]),
  ),
};

/** The `apiKeyScopes` key of a scope: `surveys:read` is `surveys_read`. */
export function apiKeyScopeKey(scope: string): string {
  return scope.replace(':', '_');
}
