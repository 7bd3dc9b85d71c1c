/**
 * `npm run migrate:sqlite-to-postgres -- <sqlite file> [--batch-size 1000]`
 *
 * Copies every table of a Quorum SQLite database into the PostgreSQL database of DATABASE_URL (empty, or filled
 * by an earlier run of this command from the same file), then checks row counts and every survey's statistics
 * and prints them. Stop the server first. Safe to run again after a failure.
 */
import { existsSync } from 'node:fs';
import { openDatabase } from '../db/database';
import { copySqliteToPostgres, CopyRefusedError, formatCopyReport } from './sqlite-to-postgres';
import { CliError, loadCliConfig, parseFileCommand, runCli } from './cli-support';

const USAGE =
  'Usage: DATABASE_URL=postgres://… npm run migrate:sqlite-to-postgres -- <sqlite file> [--batch-size 1000]';

runCli('migrate:sqlite-to-postgres', async () => {
  const command = parseFileCommand(USAGE, 'SQLite file', { 'batch-size': { type: 'string' } });
  if (command === 'help') return USAGE;
  const { file } = command;
  const batchSize = Number(command.values['batch-size'] ?? 1000);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000) {
    throw new CliError('--batch-size must be a whole number from 1 to 5000.');
  }
  const config = loadCliConfig();
  if (config.database.kind !== 'postgres')
    throw new CliError(`Set DATABASE_URL to the target PostgreSQL database.\n${USAGE}`);
  if (!existsSync(file)) throw new CliError(`There is no file ${file}.`);

  const source = openDatabase({ kind: 'sqlite', file });
  const target = openDatabase(config.database);
  try {
    const report = await copySqliteToPostgres(source, target, { batchSize, log: (line) => console.log(line) });
    const table = formatCopyReport(report);
    if (!report.ok) throw new CliError(`the copy does not match its source:\n${table}`);
    return `${table}\n\nCopied and verified. Point the server at DATABASE_URL and start it.`;
  } catch (error) {
    if (error instanceof CopyRefusedError) throw new CliError(error.message);
    throw error;
  } finally {
    await source.close();
    await target.close();
  }
});
