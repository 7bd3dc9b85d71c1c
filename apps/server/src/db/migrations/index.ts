import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-22T0900-initial';
import * as loginAttemptsPerAddress from './2026-11-24T1100-login-attempts-per-address';
import * as pendingRegistrations from './2026-11-24T1110-pending-registrations';
import * as auditLog from './2026-11-24T1300-audit-log';
import * as passwordResetsAndRevokedTokens from './2026-11-24T1310-password-resets-and-revoked-tokens';
import * as twoFactor from './2026-11-24T1320-two-factor';
import * as singleSignOn from './2026-11-24T1330-single-sign-on';
import * as questionModel from './2026-11-24T1400-question-model';
import * as surveySettings from './2026-11-24T1500-survey-settings';
import * as resultsWorkflow from './2026-11-25T0900-results-workflow';
import * as integrations from './2026-11-25T1000-integrations';
import * as workspaces from './2026-11-25T1100-workspaces';
import * as surveysOutliveCreator from './2026-11-25T1110-surveys-outlive-creator';
import * as surveyLanguages from './2026-11-25T1200-survey-languages';
import * as otherTexts from './2026-12-07T1300-other-texts';

/**
 * Every migration, by its dated name. Listed statically (not read from disk) so the
 * server runs the same from source, from a bundle or from tests. Add new ones at the end.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22T0900-initial': initial,
  '2026-11-24T1100-login-attempts-per-address': loginAttemptsPerAddress,
  '2026-11-24T1110-pending-registrations': pendingRegistrations,
  '2026-11-24T1300-audit-log': auditLog,
  '2026-11-24T1310-password-resets-and-revoked-tokens': passwordResetsAndRevokedTokens,
  '2026-11-24T1320-two-factor': twoFactor,
  '2026-11-24T1330-single-sign-on': singleSignOn,
  '2026-11-24T1400-question-model': questionModel,
  '2026-11-24T1500-survey-settings': surveySettings,
  '2026-11-25T0900-results-workflow': resultsWorkflow,
  '2026-11-25T1000-integrations': integrations,
  '2026-11-25T1100-workspaces': workspaces,
  '2026-11-25T1110-surveys-outlive-creator': surveysOutliveCreator,
  '2026-11-25T1200-survey-languages': surveyLanguages,
  '2026-12-07T1300-other-texts': otherTexts,
};

/** The names of the migrations this version knows, oldest first. */
export const migrationNames: readonly string[] = Object.keys(migrations);

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
