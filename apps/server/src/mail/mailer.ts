import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The one link the mail is about. When mail goes to the log (SMTP_URL unset) it is printed on
   * its own line under this label, so a newcomer can copy it without reading the whole body.
   */
  link?: { label: string; url: string };
}

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
  /** Waits (briefly) for background deliveries, then closes the SMTP connections. */
  close(): Promise<void>;
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
    // Bounded timeouts: a mail server that hangs must not hold a request or a shutdown for minutes.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    send = async ({ to, subject, text, html }) => {
      await transport.sendMail({ from, to, subject, text, html });
    };
    closeTransport = () => transport.close();
  }

  return {
    send,
    deliver(message, context) {
      const delivery = send(message)
        .catch((error: unknown) => {
          log.error({ err: error, mail: { to: message.to, subject: message.subject } }, `${context}: mail not sent`);
        })
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
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
