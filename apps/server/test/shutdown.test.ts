import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, uniqueEmail } from './factories';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quorum-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('on SIGTERM stops accepting, finishes the requests in flight, closes the database and exits 0', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        RECAPTCHA_SITE_KEY: '',
        RECAPTCHA_SECRET_KEY: '',
        AI_BASE_URL: '',
        AI_MODEL: '',
        WEB_DIST: '-',
        LOG_LEVEL: 'info',
        REGISTER_RATE_LIMIT: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;

    const deadline = Date.now() + 30_000;
    for (;;) {
      expect(child.exitCode, log).toBeNull();
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    // Registrations hash a password with Argon2id: slow enough to still be in flight at SIGTERM.
    const inFlight = Array.from({ length: 8 }, () =>
      fetch(`${base}/api/user/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'In Flight',
          email: uniqueEmail('flight'),
          password: DEFAULT_PASSWORD,
          confirmPassword: DEFAULT_PASSWORD,
        }),
      }).then((res) => res.status),
    );
    await new Promise((r) => setTimeout(r, 30));
    child.kill('SIGTERM');

    expect(await Promise.all(inFlight)).toEqual(Array(8).fill(201));
    expect(await exited, log).toBe(0);
    expect(log).toContain('SIGTERM received');
    // After the exit nothing listens any more.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 60_000);
});
