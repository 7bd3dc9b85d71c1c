import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that accepts every message and writes it to
 * `${dir}/${recipient}/${time}.eml`, so tests in any worker can read the mail.
 */
export function startSmtpCapture(port: number, dir: string): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) {
          const folder = path.join(dir, rcpt.address.toLowerCase());
          mkdirSync(folder, { recursive: true });
          writeFileSync(
            path.join(folder, `${Date.now()}-${Math.random().toString(36).slice(2)}.eml`),
            Buffer.concat(chunks),
          );
        }
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
