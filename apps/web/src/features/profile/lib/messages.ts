import { i18n } from '@/i18n/i18n';

/**
 * The profile screen's texts: validation, success and failure messages, in the interface's language when read
 * (the successes and the password mismatch are the contract's own texts).
 */
export const PROFILE_MESSAGES = {
  get noChanges() {
    return i18n.t('profile:messages.noChanges');
  },
  get updated() {
    return i18n.t('contract:validation.profileUpdated');
  },
  get updateFailed() {
    return i18n.t('profile:messages.updateFailed');
  },
  get passwordUpdated() {
    return i18n.t('contract:validation.passwordUpdated');
  },
  get passwordFailed() {
    return i18n.t('profile:messages.passwordFailed');
  },
  get newPasswordsDoNotMatch() {
    return i18n.t('contract:validation.newPasswordsDoNotMatch');
  },
};

/** The API keys tab's texts. */
export const API_KEY_MESSAGES = {
  get shownOnce() {
    return i18n.t('profile:apiKeys.shownOnce');
  },
  get createFailed() {
    return i18n.t('profile:apiKeys.createFailed');
  },
  get loadFailed() {
    return i18n.t('profile:apiKeys.loadFailed');
  },
  get revokeFailed() {
    return i18n.t('profile:apiKeys.revokeFailed');
  },
  revoked: (name: string) => i18n.t('profile:apiKeys.revoked', { name }),
};
