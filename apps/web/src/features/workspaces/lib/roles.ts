import type { WorkspaceRole } from '@quorum/contract';
import { i18n } from '@/i18n/i18n';

/** A role's name in the interface's language ("Owner", "Bearbeiter"), read at the time of use. */
export const roleLabel = (role: WorkspaceRole): string => i18n.t(`workspaces:roles.${role}`);

/** What a role may do, in a line (the select's hint and the invitation page), in the interface's language. */
export const roleDescription = (role: WorkspaceRole): string => i18n.t(`workspaces:roleDescriptions.${role}`);
