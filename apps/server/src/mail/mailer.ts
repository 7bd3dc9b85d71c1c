import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  /** The bare address, no display name: nothing a user typed goes into a header. */
  to: string;
  /** Fixed text of ours; a line break here is refused rather than sent. */
  subject: string;
  text: string;
  html: string;
  /**
   * The one link the mail is about. When mail goes to the log (SMTP_URL unset) it is printed on
   * its own line under this label, so a newcomer can copy it without reading the whole body.
   */
  link?: { label: string; url: string };
  /** Extra headers, by fixed names only; a value with a line break or a control character is refused. */
  headers?: Partial<Record<MailHeaderName, string>>;
}

/** The extra headers a message may carry: the unsubscribe link of notification mail (RFC 2369, RFC 8058). */
export const MAIL_HEADER_NAMES = ['List-Unsubscribe', 'List-Unsubscribe-Post'] as const;
export type MailHeaderName = (typeof MAIL_HEADER_NAMES)[number];

/** Sends email. Behind an interface so the edge of the world stays small. */
export interface Mailer {
  /** Delivers one message; rejects when the SMTP server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  /**
   * Delivers in the background: the caller does not wait, and a failure is logged, never thrown.
   * Used where the answer must not depend on delivery (a registration is kept even when the
   * mail fails; a resend answers the same whether or not a mail was sent).
   */
  deliver(message: MailMessage, context: string): void;
  /** How many background deliveries are under way now. */
  queueDepth(): number;
  /** Waits (briefly) for background deliveries, then closes the SMTP connections. */
  close(): Promise<void>;
}

/**
 * Refuses a message whose recipient or subject could add or split a header: a recipient is one bare address
 * (no display name, no list), a subject one line.
 */
function assertHeaderSafe(message: MailMessage): void {
  // eslint-disable-next-line no-control-regex
  const lineBreakOrControl = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
  if (lineBreakOrControl.test(message.subject) || lineBreakOrControl.test(message.to)) {
    throw new Error('mail refused: a control character in the recipient or subject');
  }
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!(MAIL_HEADER_NAMES as readonly string[]).includes(name)) throw new Error('mail refused: an unknown header');
    if (typeof value !== 'string' || lineBreakOrControl.test(value))
      throw new Error('mail refused: a control character in a header');
  }
  if (!/^[^\s<>",;()]+@[^\s<>",;()@]+$/.test(message.to))
    throw new Error('mail refused: the recipient is not one bare address');
}

/** How long close() waits for background deliveries before giving up on them. */
const CLOSE_GRACE_MS = 5000;

/** SMTP through nodemailer when SMTP_URL is set; otherwise the message goes to the server log. */
export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  const pending = new Set<Promise<void>>();

  let send: (message: MailMessage) => Promise<void>;
  let closeTransport = () => {};
  if (!smtpUrl) {
    send = async (message) => {
      const linkLine = message.link ? `\n\n>>> ${message.link.label}: ${message.link.url}\n` : '';
      log.info(
        { mail: { to: message.to, subject: message.subject, link: message.link?.url } },
        `Email not sent (SMTP_URL is unset). To: ${message.to}. Subject: ${message.subject}.${linkLine}\n${message.text}`,
      );
    };
  } else {
    // nodemailer is loaded with the first mail, so an instance that sends none never loads it. Bounded timeouts:
    // a mail server that hangs must not hold a request or a shutdown for minutes.
    let transport: Promise<Transporter> | undefined;
    const open = () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        } as Parameters<typeof nodemailer.createTransport>[0]),
      ));
    send = async ({ to, subject, text, html, headers }) => {
      // An address object, so the recipient is this one address and never a list parsed out of a string.
      await (
        await open()
      ).sendMail({
        from,
        to: { name: '', address: to },
        subject,
        text,
        html,
        ...(headers ? { headers: { ...headers } } : {}),
      });
    };
    closeTransport = () => void transport?.then((opened) => opened.close());
  }

  const sendChecked = async (message: MailMessage) => {
    assertHeaderSafe(message);
    await send(message);
  };

  return {
    send: sendChecked,
    deliver(message, context) {
      const delivery = sendChecked(message)
        .catch((error: unknown) => {
          log.error({ err: error, mail: { to: message.to, subject: message.subject } }, `${context}: mail not sent`);
        })
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    queueDepth: () => pending.size,
    async close() {
      if (pending.size > 0) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          Promise.allSettled([...pending]),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS))),
        ]);
        clearTimeout(timer);
      }
      closeTransport();
    },
  };
}
