/** The profile screen's texts: validation, success and failure messages. */
export const PROFILE_MESSAGES = {
  noChanges: 'No changes to update',
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  passwordUpdated: 'Password updated successfully',
  passwordFailed: 'Failed to update password',
  newPasswordsDoNotMatch: 'New passwords do not match',
} as const;

/** The API keys tab's texts. */
export const API_KEY_MESSAGES = {
  shownOnce: "Copy it now and keep it somewhere safe: you won't see it again. Anyone with the key can use it.",
  createFailed: 'Could not create the key. Please try again.',
  loadFailed: 'Could not load your API keys.',
  revokeFailed: 'Could not revoke the key. Please try again.',
  revoked: (name: string) => `Key "${name}" revoked. It no longer works.`,
} as const;
