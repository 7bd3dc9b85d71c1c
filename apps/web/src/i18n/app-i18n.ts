import { initI18n } from './i18n';
import { NAMESPACES } from './languages';
import { VALIDATION_TEXTS_EN } from './validation-texts';

/** i18next for the whole app: every namespace, and the contract's validation texts in English. */
export function initAppI18n() {
  return initI18n({ namespaces: NAMESPACES, english: { contract: { validation: VALIDATION_TEXTS_EN } } });
}
