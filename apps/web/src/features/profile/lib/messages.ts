/** The profile screen's texts: validation, success and failure messages. */
export const PROFILE_MESSAGES = {
  noChanges: 'No changes to update',
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  passwordUpdated: 'Password updated successfully',
  passwordFailed: 'Failed to update password',
  newPasswordsDoNotMatch: 'New passwords do not match',
} as const;
