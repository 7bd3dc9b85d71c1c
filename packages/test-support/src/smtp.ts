import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { listen } from './ports';

/** One message the capture accepted. */
export interface CapturedMail {
  from: string;
  /** The envelope's recipients, lower-cased. */
  to: string[];
  /** The message source as sent. */
  raw: string;
  /** When it arrived, in milliseconds since the epoch. */
  receivedAt: number;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  /** Every message accepted so far, oldest first. */
  mails: CapturedMail[];
  /** The `count`-th message to `to` (1-based), waiting for it to arrive. */
  waitFor(to: string, count?: number, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** The port to listen on; a free one when left out. */
  port?: number;
  /**
   * Also store each message as `<dir>/<recipient>/<receivedAt>-<random>.json`, so processes other than
   * this one (Playwright's workers) can read it with `waitForStoredMail`.
   */
  dir?: string;
}

/** Resolves with what `find` returns once it returns something, polling until `timeoutMs` has passed. */
async function pollFor<T>(find: () => T | undefined, timeoutMs: number, intervalMs: number, failure: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** A real SMTP server on loopback that accepts every message and keeps it. */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const store = (mail: CapturedMail) => {
    if (!options.dir) return;
    for (const recipient of mail.to) {
      const folder = path.join(options.dir, recipient);
      mkdirSync(folder, { recursive: true });
      const name = `${mail.receivedAt}-${Math.random().toString(36).slice(2)}.json`;
      // Written aside and renamed into place, so a reader in another process never sees half a message.
      const partial = path.join(folder, `.${name}.partial`);
      writeFileSync(partial, JSON.stringify(mail));
      renameSync(partial, path.join(folder, name));
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: CapturedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        };
        mails.push(mail);
        store(mail);
        callback();
      });
    },
  });
  const port = await listen(server.server, { port: options.port });
  const to = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitFor: (address, count = 1, timeoutMs = 10_000) =>
      pollFor(() => to(address)[count - 1], timeoutMs, 25, `no mail number ${count} to ${address}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The newest message to `to` that a capture started with `dir` stored, received at or after `after`
 * (milliseconds since the epoch), waiting for one to arrive.
 */
export function waitForStoredMail(
  dir: string,
  to: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const folder = path.join(dir, to.toLowerCase());
  const names = () => {
    try {
      return readdirSync(folder);
    } catch {
      return []; // no mail yet
    }
  };
  const newest = () => {
    const last = names()
      .filter((name) => !name.startsWith('.') && Number(name.split('-')[0]) >= (options.after ?? 0))
      .sort()
      .at(-1);
    if (!last) return undefined;
    return JSON.parse(readFileSync(path.join(folder, last), 'utf8')) as CapturedMail;
  };
  return pollFor(newest, options.timeoutMs ?? 15_000, 200, `No mail to ${to} arrived`);
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

/** The first link in a captured mail's text part that contains `needle`. */
export function linkIn(mail: CapturedMail, needle: string): string {
  const match = partsOf(mail.raw).text.match(
    new RegExp(`https?://[^\\s"'<>]*${needle.replace(/[/]/g, '\\/')}[^\\s"'<>]*`),
  );
  if (!match) throw new Error(`No link with ${needle} in mail:\n${mail.raw}`);
  return match[0];
}

/** The verification token in a captured mail's text part, for links under `publicUrl`. */
export function verificationTokenFrom(mail: CapturedMail, publicUrl: string): string {
  const pattern = new RegExp(`${publicUrl.replace(/[.]/g, '\\.')}/verify/([A-Za-z0-9_-]+)`);
  const match = pattern.exec(partsOf(mail.raw).text);
  if (!match) throw new Error(`no verification link in:\n${mail.raw}`);
  return match[1]!;
}
