import { PASSWORD_RESET_VALID_MINUTES } from '@quorum/contract';
import { linkEmail } from './link-email';
import type { MailMessage } from './mailer';

/** The link a reset mail carries: `${PUBLIC_URL}/reset-password?token={token}`. */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}

/** Anyone can ask for a reset of any address: the mail says what to do when it was not the reader. */
const NOT_YOU =
  'If you did not ask to reset your password, you can ignore this email: your password stays as it is, and nobody can change it without this link.';

/** The "reset your password" message, with a plain-text and an HTML part carrying the same link. */
export function passwordResetEmail(input: { to: string; name: string; link: string }): MailMessage {
  const validity = `The link is valid for ${PASSWORD_RESET_VALID_MINUTES / 60} hour and works once. Resetting your password signs you out on every device.`;
  return linkEmail({
    ...input,
    subject: 'Reset your Quorum password',
    intro: {
      text: 'Someone asked to reset the password of your Quorum account. To choose a new password, open this link:',
      html: 'Someone asked to reset the password of your Quorum account. To choose a new password, use the button below.',
    },
    button: 'Reset password',
    validity: { text: validity, html: validity },
    notYou: NOT_YOU,
    linkLabel: 'Password reset link',
  });
}
