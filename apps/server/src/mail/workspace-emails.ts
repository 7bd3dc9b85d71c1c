import { WORKSPACE_LIMITS, type WorkspaceRole } from '@quorum/contract';
import { linkEmail } from './link-email';
import type { MailMessage } from './mailer';

/** The link an invitation mail carries: `${PUBLIC_URL}/invitations/{token}`. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/invitations/${encodeURIComponent(token)}`;
}

/**
 * A name someone chose (an inviter's, a workspace's), when it is safe to put in a mail to a stranger, else
 * undefined. Mail programs turn anything that looks like an address into a link, so a name with `@`, `/`, `:` or a
 * full stop inside a word ("evil.example") is left out; control characters never go into a subject either.
 */
function mailSafeName(value: string): string | undefined {
  const name = value.trim();
  if (name === '' || name.length > 100) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u.test(name)) return undefined;
  if (/[@/\\:<>]|\.\S/u.test(name)) return undefined;
  return name;
}

const ROLE_TEXT: Readonly<Record<WorkspaceRole, string>> = {
  owner: 'an owner (everything, including members and the workspace itself)',
  editor: 'an editor (create, edit, launch and close surveys, and see their results)',
  viewer: 'a viewer (see surveys and their results)',
};

/** "Join Acme on Quorum": the invitation to a workspace, with a plain-text and an HTML part carrying one link. */
export function invitationEmail(input: {
  to: string;
  inviterName: string;
  workspaceName: string;
  role: WorkspaceRole;
  link: string;
  expiresAt: Date;
}): MailMessage {
  const inviter = mailSafeName(input.inviterName);
  const workspace = mailSafeName(input.workspaceName);
  const subject =
    inviter && workspace
      ? `${inviter} invited you to ${workspace} on Quorum`
      : workspace
        ? `You are invited to ${workspace} on Quorum`
        : 'You are invited to a workspace on Quorum';
  const intro = `${inviter ?? 'A colleague'} invited you to join the workspace ${workspace ? `"${workspace}"` : 'of their team'} on Quorum as ${ROLE_TEXT[input.role]}.`;
  const until = `${input.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const validity = `The invitation is valid for ${WORKSPACE_LIMITS.invitationDays} days, until ${until}, and works once. Sign in or create an account with this email address (${input.to}) to accept it.`;
  return linkEmail({
    to: input.to,
    name: '',
    link: input.link,
    subject,
    intro: { text: `${intro} To accept, open this link:`, html: `${intro} To accept, use the button below.` },
    button: 'Accept invitation',
    validity: { text: validity, html: validity },
    notYou: 'If you did not expect this invitation, you can ignore this email: nothing happens unless you accept it.',
    linkLabel: 'Workspace invitation link',
  });
}
