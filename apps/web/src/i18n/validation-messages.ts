import { validationRuleOf } from '@quorum/contract';
import { currentLanguage, i18n } from './i18n';
import { DEFAULT_LANGUAGE } from './languages';

// Apart from errors.ts: the contract's validation module brings zod, which the public survey page must not load.

/**
 * A validation message as zod reports it on the client (the contract's English) in the user's language: a named
 * contract rule is translated, any other text stays.
 */
export function translateValidationMessage(message: string): string {
  const rule = currentLanguage() === DEFAULT_LANGUAGE ? undefined : validationRuleOf(message);
  if (!rule) return message;
  const key = `contract:validation.${rule}`;
  return i18n.exists(key, { lng: currentLanguage(), fallbackLng: false }) ? i18n.t(key) : message;
}
