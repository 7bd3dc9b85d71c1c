import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Decodes a captured message enough to read its text: quoted-printable soft breaks and escapes. */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` and returns its decoded source. */
export async function waitForMail(to: string, options: { timeoutMs?: number; after?: number } = {}): Promise<string> {
  const dir = path.join(process.env.E2E_MAIL_DIR!, to.toLowerCase());
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir)
        .filter((f) => Number(f.split('-')[0]) >= (options.after ?? 0))
        .sort();
    } catch {
      // no mail yet
    }
    const last = files.at(-1);
    if (last) return decode(readFileSync(path.join(dir, last), 'utf8'));
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a mail that contains `needle`. */
export function linkIn(mail: string, needle: string): string {
  const match = mail.match(new RegExp(`https?://[^\\s"'<>]*${needle.replace(/[/]/g, '\\/')}[^\\s"'<>]*`));
  if (!match) throw new Error(`No link with ${needle} in mail:\n${mail}`);
  return match[0];
}
