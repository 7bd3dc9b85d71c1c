/**
 * `npm run migrate`
 *
 * Applies the pending migrations to the database the server uses (same environment, same .env file) and exits:
 * the migration step of a rolling deploy, run once before the new version's instances start. Refuses a database
 * migrated by a newer version of Quorum.
 */
import { migrateToLatest, openDatabase } from '../db/database';
import { loadCliConfig, runCli } from './cli-support';

runCli('migrate', async () => {
  const config = loadCliConfig();
  const db = openDatabase(config.database);
  try {
    const applied = await migrateToLatest(db);
    const where = config.database.kind === 'sqlite' ? `SQLite at ${config.database.file}` : 'PostgreSQL';
    return applied.length === 0
      ? `Database (${where}) is up to date; no migration applied.`
      : `Applied ${applied.length} migration${applied.length > 1 ? 's' : ''} to ${where}:\n${applied.map((n) => `  ${n}`).join('\n')}`;
  } finally {
    await db.close();
  }
});
