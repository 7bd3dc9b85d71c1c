import { linkEmail } from './link-email';
import type { MailMessage } from './mailer';

/** How long a verification link stays valid. */
export const VERIFICATION_VALID_HOURS = 24;

/** The link a verification mail carries: `${PUBLIC_URL}/verify/{token}`. */
export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify/${encodeURIComponent(token)}`;
}

/**
 * Anyone can register with any address, and the link completes the registration it was made for, with the
 * password chosen in it: whoever did not register must not open it.
 */
const NOT_YOU =
  'Opening the link completes this registration with the name and password chosen in it. If you did not just register with Quorum, do not open the link; you can ignore this email.';

/** The "verify your email" message, with a plain-text and an HTML part carrying the same link. */
export function verificationEmail(input: { to: string; name: string; link: string }): MailMessage {
  return linkEmail({
    ...input,
    subject: 'Verify your email for Quorum',
    intro: {
      text: 'Thank you for registering with Quorum. Please confirm your email address by opening this link:',
      html: 'Thank you for registering with Quorum. Please confirm your email address.',
    },
    button: 'Verify email',
    validity: {
      text: `The link is valid for ${VERIFICATION_VALID_HOURS} hours. If it has expired, log in and ask for a new one.`,
      html: `The link is valid for ${VERIFICATION_VALID_HOURS} hours.`,
    },
    notYou: NOT_YOU,
    linkLabel: 'Email verification link',
  });
}
