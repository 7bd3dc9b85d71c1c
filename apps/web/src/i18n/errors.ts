import type { ErrorParams } from '@quorum/contract';
import { currentLanguage, i18n } from './i18n';
import { DEFAULT_LANGUAGE } from './languages';

/**
 * A server error in the user's language. The server words every error in English (`message`) and names it with a
 * stable `code` and its `params`; in English the server's words are shown as they are, in another language the
 * catalog's translation of the code (or, for a refused field, of the contract rule it names). Without a translation,
 * the English message stays.
 */
export function translateError(code: string | undefined, params: ErrorParams | undefined, message: string): string {
  if (currentLanguage() === DEFAULT_LANGUAGE || !code) return message;
  const values = params ?? {};
  const rule = typeof values.rule === 'string' ? values.rule : undefined;
  if (code === 'VALIDATION_FAILED' && rule && i18n.exists(`contract:validation.${rule}`)) {
    return i18n.t(`contract:validation.${rule}`, values);
  }
  // A validation message without a named rule is the schema's own English text: keep it.
  if (code === 'VALIDATION_FAILED') return message;
  const key = `contract:errors.${code}`;
  return i18n.exists(key, { lng: currentLanguage(), fallbackLng: false }) ? i18n.t(key, values) : message;
}
