/** The texts of sections 5 and 8 for the profile screen. */
export const PROFILE_MESSAGES = {
  noChanges: 'No changes to update',
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  passwordUpdated: 'Password updated successfully',
  passwordFailed: 'Failed to update password',
  newPasswordsDoNotMatch: 'New passwords do not match',
} as const;
