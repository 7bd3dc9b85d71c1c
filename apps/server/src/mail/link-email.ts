import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The greeting's name, or undefined when the name is better left out. A name is text the registrant chose, and
 * mail programs turn anything that looks like an address into a clickable link (`evil.example/verify/…`,
 * `https://…`, `someone@…`), which would sit inside our message next to our own link. So the name is used only
 * when it is plainly a name: letters, marks, digits, spaces, apostrophes, hyphens, and full stops that end a
 * word ("J. Smith", "Jr."). Control characters never get this far (the name rule refuses them).
 */
function greetingName(name: string): string | undefined {
  const withoutWordEndStops = name.replace(/\.(?= |$)/g, '');
  return /^[\p{L}\p{M}\p{N} '\u2019-]+$/u.test(withoutWordEndStops) ? name : undefined;
}

/** What one "open this link" mail says; the text and HTML parts may word the same point differently. */
export interface LinkEmailContent {
  to: string;
  name: string;
  link: string;
  subject: string;
  intro: { text: string; html: string };
  button: string;
  validity: { text: string; html: string };
  /** What to do when the reader did not ask for this mail. */
  notYou: string;
  /** How the link is named where the mail is logged instead of sent. */
  linkLabel: string;
}

/**
 * A message that carries one link, with a plain-text and an HTML part: greeting, intro, the link (a button and the
 * address spelled out), how long it is valid, what to do if it was not you. The name is used only in the
 * greeting (see greetingName), never in a header: the message goes to the bare address.
 */
export function linkEmail(content: LinkEmailContent): MailMessage {
  const { to, link, subject, intro, button, validity, notYou, linkLabel } = content;
  const name = greetingName(content.name);
  const text = [
    name ? `Hello ${name},` : 'Hello,',
    '',
    intro.text,
    '',
    link,
    '',
    validity.text,
    '',
    notYou,
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
        <p style="margin:0 0 24px">${escapeHtml(intro.html)}</p>
        <p style="margin:0 0 24px"><a href="${safeLink}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600">${escapeHtml(button)}</a></p>
        <p style="margin:0 0 8px;font-size:14px;color:#475569">If the button does not work, copy this link into your browser:</p>
        <p style="margin:0 0 24px;font-size:14px;word-break:break-all"><a href="${safeLink}" style="color:#4338ca">${safeLink}</a></p>
        <p style="margin:0 0 8px;font-size:14px;color:#475569">${escapeHtml(validity.html)}</p>
        <p style="margin:0;font-size:14px;color:#475569">${escapeHtml(notYou)}</p>
      </td></tr>
    </table>
  </body>
</html>`;
  return { to, subject, text, html, link: { label: linkLabel, url: link } };
}
