import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-22T0900-initial';
import * as loginAttemptsPerAddress from './2026-11-24T1100-login-attempts-per-address';
import * as pendingRegistrations from './2026-11-24T1110-pending-registrations';

/**
 * Every migration, by its dated name. Listed statically (not read from disk) so the
 * server runs the same from source, from a bundle or from tests. Add new ones at the end.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22T0900-initial': initial,
  '2026-11-24T1100-login-attempts-per-address': loginAttemptsPerAddress,
  '2026-11-24T1110-pending-registrations': pendingRegistrations,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
