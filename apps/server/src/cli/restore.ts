/**
 * `npm run restore -- <file>`
 *
 * SQLite: checks that <file> is a Quorum database (integrity check, migrations this version knows) and copies it
 * into the data folder, only when that folder holds no database yet. PostgreSQL: prints the pg_restore command.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BackupRefusedError, pgRestoreCommand, restoreSqlite } from '../db/backup';
import { CliError, loadCliConfig, parseFileCommand, runCli } from './cli-support';

const USAGE = 'Usage: npm run restore -- <file>';

runCli('restore', async () => {
  const command = parseFileCommand(USAGE, 'backup file', {});
  if (command === 'help') return USAGE;
  const { file } = command;
  const config = loadCliConfig();
  if (config.database.kind === 'postgres') {
    return [
      'The database is PostgreSQL: restore a pg_dump file into an empty database with pg_restore, e.g.',
      `  PGPASSWORD=… ${pgRestoreCommand(config.database.url, file)}`,
    ].join('\n');
  }
  try {
    const result = restoreSqlite(file, config.database.file);
    const lines = [`Restored ${file} to ${result.file} (${result.bytes} bytes).`];
    if (!config.jwtSecret && !existsSync(path.join(config.dataDir, 'jwt-secret'))) {
      lines.push(
        `Before starting the server, put back the jwt-secret file of the old data folder into ${config.dataDir} ` +
          '(or set JWT_SECRET as before): two-factor sign-in needs the same secret, and sessions signed with it stay valid.',
      );
    } else {
      lines.push('Start the server to use it.');
    }
    return lines.join('\n');
  } catch (error) {
    if (error instanceof BackupRefusedError) throw new CliError(error.message);
    throw error;
  }
});
