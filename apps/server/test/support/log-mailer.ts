import { createMailer, type Mailer } from '../../src/mail/mailer';

/** The mailer as it is when SMTP_URL is unset: each message it would send is written to `lines` instead. */
export function logMailer(): { mailer: Mailer; lines: string[] } {
  const lines: string[] = [];
  const log = { info: (_obj: unknown, msg: string) => lines.push(msg), error: () => {} };
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Quorum <no-reply@quorum.local>',
    log: log as unknown as Parameters<typeof createMailer>[0]['log'],
  });
  return { mailer, lines };
}
