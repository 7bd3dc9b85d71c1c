/**
 * `npm run backup -- <file> [--force]`
 *
 * SQLite: writes a consistent copy of the live database (the server may keep running) to <file>; refuses an
 * existing file unless --force. PostgreSQL: prints the pg_dump command for DATABASE_URL (without its password).
 */
import path from 'node:path';
import { backupSqlite, BackupRefusedError, pgDumpCommand } from '../db/backup';
import { CliError, loadCliConfig, parseFileCommand, runCli } from './cli-support';

const USAGE = 'Usage: npm run backup -- <file> [--force]';

runCli('backup', async () => {
  const command = parseFileCommand(USAGE, 'backup file', { force: { type: 'boolean' } });
  if (command === 'help') return USAGE;
  const { file } = command;
  const config = loadCliConfig();
  if (config.database.kind === 'postgres') {
    return [
      'The database is PostgreSQL: back it up with pg_dump (custom format), e.g.',
      `  PGPASSWORD=… ${pgDumpCommand(config.database.url, file)}`,
      'Restore into an empty database with pg_restore (see docs/deploy.md).',
    ].join('\n');
  }
  try {
    const started = Date.now();
    const result = await backupSqlite(config.database.file, file, { force: command.values.force === true });
    const lines = [
      `Backed up ${config.database.file} to ${result.file} (${result.bytes} bytes, ${Date.now() - started} ms).`,
    ];
    if (!config.jwtSecret) {
      lines.push(
        `Not in the backup: ${path.join(config.dataDir, 'jwt-secret')}, the secret that signs sessions and encrypts ` +
          'two-factor secrets. Keep a copy of it (once) apart from the backups, or set JWT_SECRET.',
      );
    }
    return lines.join('\n');
  } catch (error) {
    if (error instanceof BackupRefusedError) throw new CliError(error.message);
    throw error;
  }
});
