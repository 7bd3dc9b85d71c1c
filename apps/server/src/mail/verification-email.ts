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

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The greeting's name, or undefined when the name is better left out. A name is text the registrant chose, and
 * mail programs turn anything that looks like an address into a clickable link (`evil.example/verify/…`,
 * `https://…`, `someone@…`), which would sit inside our message next to our own link. So the name is used only
 * when it is plainly a name: letters, marks, digits, spaces, apostrophes, hyphens, and full stops that end a
 * word ("J. Smith", "Jr."). Control characters never get this far (the name rule refuses them).
 */
export function greetingName(name: string): string | undefined {
  const withoutWordEndStops = name.replace(/\.(?= |$)/g, '');
  return /^[\p{L}\p{M}\p{N} '\u2019-]+$/u.test(withoutWordEndStops) ? name : undefined;
}

/**
 * The "verify your email" message, with a plain-text and an HTML part carrying the same link. The name appears
 * only in the greeting (see greetingName), never in a header: the message goes to the bare address.
 */
export function verificationEmail(input: { to: string; name: string; link: string }): MailMessage {
  const { to, link } = input;
  const name = greetingName(input.name);
  const subject = 'Verify your email for Quorum';
  const text = [
    name ? `Hello ${name},` : 'Hello,',
    '',
    'Thank you for registering with Quorum. Please confirm your email address by opening this link:',
    '',
    link,
    '',
    `The link is valid for ${VERIFICATION_VALID_HOURS} hours. If it has expired, log in and ask for a new one.`,
    '',
    NOT_YOU,
    '',
    'The Quorum team',
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px">
      <tr><td style="padding:32px">
        <p style="margin:0 0 16px;font-size:18px;font-weight:600">Quorum</p>
        <p style="margin:0 0 16px">${name ? `Hello ${escapeHtml(name)},` : 'Hello,'}</p>
        <p style="margin:0 0 24px">Thank you for registering with Quorum. Please confirm your email address.</p>
        <p style="margin:0 0 24px"><a href="${safeLink}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600">Verify email</a></p>
        <p style="margin:0 0 8px;font-size:14px;color:#475569">If the button does not work, copy this link into your browser:</p>
        <p style="margin:0 0 24px;font-size:14px;word-break:break-all"><a href="${safeLink}" style="color:#4338ca">${safeLink}</a></p>
        <p style="margin:0 0 8px;font-size:14px;color:#475569">The link is valid for ${VERIFICATION_VALID_HOURS} hours.</p>
        <p style="margin:0;font-size:14px;color:#475569">${NOT_YOU}</p>
      </td></tr>
    </table>
  </body>
</html>`;
  return { to, subject, text, html, link: { label: 'Email verification link', url: link } };
}
