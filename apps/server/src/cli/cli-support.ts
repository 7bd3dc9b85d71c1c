import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, projectRoot, type Config } from '../config';
import { DatabaseTooNewError } from '../db/database';

/** A refusal or a mistake the command explains in one message; it exits with 1. */
export class CliError extends Error {}

/**
 * The configuration the server would use: the server runs from the project root (npm start) and reads .env
 * there; so do the commands. The start-up administrator is the server's business, never a command's.
 */
export function loadCliConfig(): Config {
  process.chdir(projectRoot);
  if (existsSync('.env')) process.loadEnvFile('.env');
  return loadConfig({ ...process.env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
}

/** Runs a command: prints what it returns and exits 0, or prints `<name> failed: <message>` and exits 1. */
export function runCli(name: string, main: () => Promise<string>): void {
  main().then(
    (output) => {
      console.log(output);
      process.exit(0);
    },
    (error: unknown) => {
      const known = error instanceof CliError || error instanceof ConfigError || error instanceof DatabaseTooNewError;
      console.error(`${name} failed: ${known ? (error as Error).message : String((error as Error)?.message ?? error)}`);
      process.exit(1);
    },
  );
}

/**
 * The command line of a command that takes one file and some flags: `help` when --help (-h) was asked for, else
 * the flags and the file, resolved from the folder npm was started in. A mistake throws with the usage.
 */
export function parseFileCommand(
  usage: string,
  what: string,
  options: NonNullable<ParseArgsConfig['options']>,
): 'help' | { file: string; values: Record<string, string | boolean | undefined> } {
  let parsed;
  try {
    parsed = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${usage}`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) return 'help';
  const [given, extra] = parsed.positionals;
  if (!given || extra) throw new CliError(`Give one ${what}.\n${usage}`);
  return { file: path.resolve(process.env.INIT_CWD ?? process.cwd(), given), values };
}
