import { APP_CONTRACT_TEXTS_EN } from './app-contract-texts';
import { initI18n } from './i18n';
import { NAMESPACES } from './languages';

/** i18next for the whole app: every namespace, and the contract's texts the app alone needs in English. */
export function initAppI18n() {
  return initI18n({ namespaces: NAMESPACES, english: { contract: APP_CONTRACT_TEXTS_EN } });
}
