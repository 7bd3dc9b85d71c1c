import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One answered question as a mail shows it: the question's text and the answer in words. */
export interface MailedAnswer {
  question: string;
  answer: string;
}

/** One response in a mail: when it arrived, and its answers. */
export interface MailedResponse {
  submittedAt: string;
  answers: readonly MailedAnswer[];
}

/** Where a notification mail's unsubscribe link points: the page, and the one-click address for the header. */
export interface UnsubscribeLinks {
  page: string;
  oneClick: string;
}

/** A piece of a mail's body: a paragraph, or a response with its answers. */
type Block = { paragraph: string } | { response: MailedResponse; heading: string };

interface NotificationContent {
  to: string;
  subject: string;
  blocks: readonly Block[];
  button: { label: string; url: string };
  /** Why the reader gets this mail, and how to stop it. */
  footer: string;
  unsubscribe?: UnsubscribeLinks;
  linkLabel: string;
}

/** A line of answer text kept to one short line: line breaks folded, long answers cut. */
function short(value: string, max: number): string {
  const folded = value.replace(/\s+/g, ' ').trim();
  return folded.length > max ? `${folded.slice(0, max - 1)}…` : folded;
}

const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');

function textOf(block: Block): string {
  if ('paragraph' in block) return block.paragraph;
  const lines = block.response.answers.map((a) => `- ${a.question}\n  ${a.answer}`);
  return [`${block.heading} (${when(block.response.submittedAt)})`, ...(lines.length ? lines : ['- No answers'])].join(
    '\n',
  );
}

function htmlOf(block: Block): string {
  if ('paragraph' in block) return `<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`;
  const rows = block.response.answers
    .map(
      (a) =>
        `<dt style="margin:8px 0 2px;font-weight:600">${escapeHtml(a.question)}</dt><dd style="margin:0;color:#334155">${escapeHtml(a.answer)}</dd>`,
    )
    .join('');
  return `<p style="margin:0 0 4px;font-weight:600">${escapeHtml(block.heading)} <span style="font-weight:400;color:#64748b">(${escapeHtml(when(block.response.submittedAt))})</span></p>
        <dl style="margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid #e2e8f0">${rows || '<dd style="margin:0">No answers</dd>'}</dl>`;
}

/** The house layout of a notification: paragraphs and responses, one button, and a footer with the unsubscribe link. */
function notificationEmail(content: NotificationContent): MailMessage {
  const { to, subject, blocks, button, footer, unsubscribe, linkLabel } = content;
  const text = [
    'Hello,',
    '',
    ...blocks.flatMap((block) => [textOf(block), '']),
    `${button.label}: ${button.url}`,
    '',
    footer,
    ...(unsubscribe ? [`Unsubscribe: ${unsubscribe.page}`] : []),
    '',
    'The Quorum team',
  ].join('\n');
  const safeButton = escapeHtml(button.url);
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px">
      <tr><td style="padding:32px">
        <p style="margin:0 0 16px;font-size:18px;font-weight:600">Quorum</p>
        <p style="margin:0 0 16px">Hello,</p>
        ${blocks.map(htmlOf).join('\n        ')}
        <p style="margin:8px 0 24px"><a href="${safeButton}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600">${escapeHtml(button.label)}</a></p>
        <p style="margin:0;font-size:14px;color:#475569">${escapeHtml(footer)}${
          unsubscribe ? ` <a href="${escapeHtml(unsubscribe.page)}" style="color:#4338ca">Unsubscribe</a>` : ''
        }</p>
      </td></tr>
    </table>
  </body>
</html>`;
  return {
    to,
    subject,
    text,
    html,
    link: { label: linkLabel, url: button.url },
    ...(unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}

/**
 * A subject naming the survey: its title is the author's text, so it is folded to one line (line breaks and
 * control characters become spaces) and shortened.
 */
function subjectWith(prefix: string, title: string): string {
  // eslint-disable-next-line no-control-regex
  const oneLine = title.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/gu, ' ');
  return `${prefix}: ${short(oneLine, 80)}`;
}

const EACH_FOOTER = 'You get this email because you asked to hear about each new response to this survey.';
const DIGEST_FOOTER = 'You get this email because you asked for a daily digest of new responses to this survey.';

/** "New response to {title}": one response with its answered questions. */
export function responseEmail(input: {
  to: string;
  surveyTitle: string;
  resultsUrl: string;
  response: MailedResponse;
  unsubscribe: UnsubscribeLinks;
}): MailMessage {
  return notificationEmail({
    to: input.to,
    subject: subjectWith('New response', input.surveyTitle),
    blocks: [
      { paragraph: `Your survey "${input.surveyTitle}" has a new response.` },
      { response: input.response, heading: 'The response' },
    ],
    button: { label: 'See the results', url: input.resultsUrl },
    footer: EACH_FOOTER,
    unsubscribe: input.unsubscribe,
    linkLabel: 'Results',
  });
}

/** The daily digest: how many came since the last one, the total, and the latest few, briefly. */
export function digestEmail(input: {
  to: string;
  surveyTitle: string;
  resultsUrl: string;
  newCount: number;
  total: number;
  latest: readonly MailedResponse[];
  unsubscribe: UnsubscribeLinks;
}): MailMessage {
  const { newCount, total, latest } = input;
  const noun = (n: number) => (n === 1 ? '1 new response' : `${n} new responses`);
  return notificationEmail({
    to: input.to,
    subject: subjectWith(`${noun(newCount)}`, input.surveyTitle),
    blocks: [
      {
        paragraph: `Your survey "${input.surveyTitle}" has ${noun(newCount)} since the last digest, ${total} in total.`,
      },
      ...(latest.length > 0
        ? [{ paragraph: latest.length === 1 ? 'The latest response:' : `The latest ${latest.length} responses:` }]
        : []),
      ...latest.map((response, index) => ({ response, heading: `Response ${index + 1}` })),
    ],
    button: { label: 'See the results', url: input.resultsUrl },
    footer: DIGEST_FOOTER,
    unsubscribe: input.unsubscribe,
    linkLabel: 'Results',
  });
}

/** "{title} has closed": why (its closing time, its response limit) and how many responses it got. */
export function surveyClosedEmail(input: {
  to: string;
  surveyTitle: string;
  resultsUrl: string;
  reason: 'schedule' | 'limit';
  responseLimit: number | null;
  total: number;
}): MailMessage {
  const why =
    input.reason === 'limit'
      ? `it reached its response limit${input.responseLimit === null ? '' : ` of ${input.responseLimit}`}`
      : 'its closing time was reached';
  const responses = input.total === 1 ? '1 response' : `${input.total} responses`;
  return notificationEmail({
    to: input.to,
    subject: subjectWith('Survey closed', input.surveyTitle),
    blocks: [
      { paragraph: `Your survey "${input.surveyTitle}" has closed: ${why}. It collected ${responses}.` },
      { paragraph: 'It takes no more responses. Its results stay available.' },
    ],
    button: { label: 'See the results', url: input.resultsUrl },
    footer: 'You get this email whenever one of your surveys closes by itself.',
    linkLabel: 'Results',
  });
}

/** The webhook to {url} was turned off after repeated failed deliveries. */
export function webhookDisabledEmail(input: {
  to: string;
  surveyTitle: string;
  webhookUrl: string;
  integrationsUrl: string;
}): MailMessage {
  return notificationEmail({
    to: input.to,
    subject: subjectWith('Webhook turned off', input.surveyTitle),
    blocks: [
      {
        paragraph: `The webhook of your survey "${input.surveyTitle}" that sends to ${input.webhookUrl} was turned off after repeated failed deliveries.`,
      },
      { paragraph: 'Check the receiver, then turn the webhook on again and resend the failed deliveries.' },
    ],
    button: { label: 'Open the integrations', url: input.integrationsUrl },
    footer: 'You get this email because a webhook of one of your surveys stopped working.',
    linkLabel: 'Integrations',
  });
}
