/**
 * `npm run admin:create -- --email admin@example.com --name "Ada Admin"`
 *
 * Adds an administrator to the database the server uses (same environment, same .env file).
 * The password is asked twice without echo in a terminal, or taken from ADMIN_PASSWORD.
 * Prints one line; exits with 1 and a clear message on any error (e.g. the email is taken).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, projectRoot } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { createInMemoryLiveEvents } from '../events/live-events';
import { adminInputProblem, createAdminsService } from '../modules/admins';
import { createAuditLog } from '../modules/audit';
import { createTokenService } from '../modules/auth';

const USAGE = 'Usage: npm run admin:create -- --email <email> [--name <name>]  (password: prompted, or ADMIN_PASSWORD)';

class CliError extends Error {}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003' || ch === '\u0004') return finish(new CliError('Cancelled.'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    throw new CliError('No password: set ADMIN_PASSWORD, or run the command in a terminal to be asked for it.');
  }
  const password = await askHidden('Password: ');
  const again = await askHidden('Repeat the password: ');
  if (password !== again) throw new CliError('The passwords do not match.');
  return password;
}

async function main(): Promise<string> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) return USAGE;
  if (!values.email) throw new CliError(`Missing --email.\n${USAGE}`);

  // The server runs from the project root (npm start) and reads .env there; so does this.
  process.chdir(projectRoot);
  if (existsSync('.env')) process.loadEnvFile('.env');
  // ADMIN_* describe the start-up administrator; here only the password may come from the environment.
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });

  const input = {
    email: values.email,
    name: values.name ?? process.env.ADMIN_NAME ?? 'Administrator',
    password: '',
  };
  const early = adminInputProblem({ ...input, password: 'Aa1!aaaa' });
  if (early) throw new CliError(`Cannot create the administrator: ${early}.`);
  input.password = await readPassword();
  const problem = adminInputProblem(input);
  if (problem) throw new CliError(`Cannot create the administrator: ${problem}.`);

  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const tokens = createTokenService(config.jwtSecret, config.jwtExpiresInHours);
    const audit = createAuditLog({ db, clock: systemClock });
    // A command has no live results streams to close.
    const liveEvents = createInMemoryLiveEvents();
    const admin = await createAdminsService({
      db,
      clock: systemClock,
      tokens,
      config,
      audit,
      liveEvents,
    }).createAccount(input);
    return `Administrator created: ${admin.email} (${admin.name})`;
  } finally {
    await db.close();
  }
}

main().then(
  (line) => {
    console.log(line);
    process.exit(0);
  },
  (error: unknown) => {
    const known = error instanceof CliError || error instanceof ConfigError || error instanceof AppError;
    console.error(
      `admin:create failed: ${known ? (error as Error).message : String((error as Error)?.message ?? error)}`,
    );
    process.exit(1);
  },
);
