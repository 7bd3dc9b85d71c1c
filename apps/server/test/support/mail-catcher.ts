import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message a real SMTP server on loopback accepted. */
export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface MailCatcher {
  url: string;
  mails: CapturedMail[];
  /** The `count`-th message to `to` (1-based), waiting for it to arrive. */
  waitFor(to: string, count?: number, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it accepts. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(address, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > deadline) throw new Error(`no mail number ${count} to ${address}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return to(address)[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a captured message. */
const decodeQp = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The text and HTML parts of a multipart/alternative message, decoded, and its headers. */
export function partsOf(raw: string): { text: string; html: string; headers: string } {
  const headers = raw.slice(0, raw.search(/\r?\n\r?\n/));
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) throw new Error(`not multipart:\n${raw}`);
  const parts = raw.split(`--${boundary}`).slice(1, -1);
  const body = (type: string) => {
    const part = parts.find((p) => new RegExp(`content-type:\\s*${type}`, 'i').test(p));
    if (!part) throw new Error(`no ${type} part`);
    const [partHeaders, ...rest] = part.split(/\r?\n\r?\n/);
    const content = rest.join('\n\n');
    return /content-transfer-encoding:\s*base64/i.test(partHeaders!)
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
      : decodeQp(content);
  };
  return { text: body('text/plain'), html: body('text/html'), headers };
}

/** The verification token in a captured mail's text part, for links under `publicUrl`. */
export function verificationTokenFrom(mail: CapturedMail, publicUrl: string): string {
  const pattern = new RegExp(`${publicUrl.replace(/[.]/g, '\\.')}/verify/([A-Za-z0-9_-]+)`);
  const match = pattern.exec(partsOf(mail.raw).text);
  if (!match) throw new Error(`no verification link in:\n${mail.raw}`);
  return match[1]!;
}
