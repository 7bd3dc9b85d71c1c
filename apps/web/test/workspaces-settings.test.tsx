import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLocation, type RouteObject } from 'react-router';
import { ERROR_MESSAGES, type Invitation, type WorkspaceMember } from '@quorum/contract';
import { paths } from '@/config/paths';
import { STORAGE_KEYS } from '@/lib/storage';
import { WorkspaceSettingsPage } from '@/features/workspaces/components/workspace-settings-page';
import { makeUser, renderRoutes } from './support/render-shell';
import {
  expectNoAxeViolations,
  refusal,
  stubServer,
  teamWorkspace,
  workspaceList,
  type Answer,
} from './support/workspaces-server';

configure({ asyncUtilTimeout: 5000 });

function Dashboard() {
  const { search } = useLocation();
  return <h1>Dashboard{search}</h1>;
}

const routes: RouteObject[] = [
  { path: paths.user.workspace.path, Component: WorkspaceSettingsPage },
  { path: paths.user.dashboard.path, Component: Dashboard },
];

const ME: WorkspaceMember = {
  userId: 'user-1',
  name: 'Erin Example',
  email: 'user@example.com',
  role: 'owner',
  joinedAt: '2026-11-20T10:00:00.000Z',
};
const SAM: WorkspaceMember = {
  userId: 'user-2',
  name: 'Sam Second',
  email: 'sam@example.com',
  role: 'editor',
  joinedAt: '2026-11-21T10:00:00.000Z',
};
const PENDING: Invitation = {
  id: 'inv-1',
  email: 'new@example.com',
  role: 'viewer',
  invitedBy: { id: 'user-1', name: 'Erin Example' },
  createdAt: '2026-11-24T10:00:00.000Z',
  expiresAt: '2026-12-01T10:00:00.000Z',
};

const base = '/api/workspaces/ws-acme';
const open = (workspaceId = 'ws-acme') =>
  renderRoutes(routes, { path: paths.user.workspace.getHref({ workspaceId }), user: makeUser('user') });

function ownerServer(extra: Record<string, Answer[]> = {}) {
  return stubServer({
    'GET /api/workspaces': [{ status: 200, body: workspaceList(teamWorkspace()) }],
    [`GET ${base}/members`]: [{ status: 200, body: { members: [ME, SAM] } }],
    [`GET ${base}/invitations`]: [{ status: 200, body: { invitations: [PENDING] } }],
    ...extra,
  });
}

describe('the workspace settings page', { timeout: 30_000 }, () => {
  it('shows an owner the name, members with a role select, invitations and the danger zone', async () => {
    ownerServer();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Research' })).toBeVisible();
    expect(screen.getByText(/Team workspace · 2 members · You are owner/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Workspace name/ })).toHaveValue('Acme Research');

    const members = screen.getByRole('region', { name: 'Members' });
    expect(await within(members).findByText('Sam Second')).toBeVisible();
    expect(within(members).getByText('sam@example.com')).toBeVisible();
    expect(within(members).getByRole('combobox', { name: 'Role of Sam Second' })).toHaveValue('editor');
    expect(within(members).getByRole('button', { name: 'Remove Sam Second' })).toBeVisible();
    // The owner leaves, and never removes, themself.
    expect(within(members).getByRole('button', { name: 'Leave workspace' })).toBeVisible();
    expect(within(members).queryByRole('button', { name: 'Remove Erin Example' })).not.toBeInTheDocument();

    const invitations = screen.getByRole('region', { name: 'Invitations' });
    const pending = await within(invitations).findByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('new@example.com')).toBeVisible();
    expect(within(pending).getByText('Viewer')).toBeVisible();
    expect(within(pending).getByText(/Invited by Erin Example · Expires/)).toBeVisible();

    expect(screen.getByRole('region', { name: 'Danger zone' })).toBeVisible();
    await expectNoAxeViolations();
  });

  it('changes a role, and shows a refusal by the member', async () => {
    const sent = ownerServer({
      [`PATCH ${base}/members/user-1`]: [refusal(409, 'WORKSPACE_LAST_OWNER', ERROR_MESSAGES.WORKSPACE_LAST_OWNER)],
      [`PATCH ${base}/members/user-2`]: [{ status: 200, body: { ...SAM, role: 'viewer' } }],
    });
    const user = userEvent.setup();
    open();
    const sam = await screen.findByRole('combobox', { name: 'Role of Sam Second' });
    await user.selectOptions(sam, 'viewer');
    await waitFor(() =>
      expect(sent.filter((s) => s.call === `PATCH ${base}/members/user-2`).map((s) => s.body)).toEqual([
        { role: 'viewer' },
      ]),
    );

    const mine = screen.getByRole('combobox', { name: 'Role of Erin Example' });
    await user.selectOptions(mine, 'editor');
    const message = await screen.findByText(ERROR_MESSAGES.WORKSPACE_LAST_OWNER);
    expect(message.closest('li')).toHaveTextContent('Erin Example');
    expect(mine).toHaveAccessibleDescription(ERROR_MESSAGES.WORKSPACE_LAST_OWNER);
    // The select shows the role the server kept.
    await waitFor(() => expect(mine).toHaveValue('owner'));
  });

  it('removes a member after a confirmation, and not before', async () => {
    const sent = ownerServer({ [`DELETE ${base}/members/user-2`]: [{ status: 204 }] });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Remove Sam Second' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Second?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.some((s) => s.call.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove Sam Second' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(sent.map((s) => s.call)).toContain(`DELETE ${base}/members/user-2`));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('invites by email and role, shows the server’s refusal near the form, and revokes', async () => {
    const sent = ownerServer({
      [`GET ${base}/invitations`]: [
        { status: 200, body: { invitations: [] } },
        { status: 200, body: { invitations: [PENDING] } },
        { status: 200, body: { invitations: [] } },
      ],
      [`POST ${base}/invitations`]: [
        refusal(409, 'WORKSPACE_ALREADY_MEMBER', 'sam@example.com is already a member of this workspace'),
        { status: 201, body: PENDING },
      ],
      [`DELETE ${base}/invitations/inv-1`]: [{ status: 204 }],
    });
    const user = userEvent.setup();
    open();
    const section = await screen.findByRole('region', { name: 'Invitations' });
    expect(await within(section).findByText('No pending invitations')).toBeVisible();

    const form = within(section).getByRole('form', { name: 'Invite someone' });
    // A malformed email is refused before anything is sent.
    await user.type(within(form).getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /^Email/ })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(sent.some((s) => s.call === `POST ${base}/invitations`)).toBe(false);

    await user.clear(within(form).getByRole('textbox', { name: /^Email/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Email/ }), 'sam@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('sam@example.com is already a member of this workspace')).toBeVisible();

    const email = within(form).getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'viewer');
    expect(within(form).getByText(/changes nothing/)).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(section).findByText('Invitation sent to new@example.com.')).toBeVisible();
    expect(sent.filter((s) => s.call === `POST ${base}/invitations`).map((s) => s.body)).toEqual([
      { email: 'sam@example.com', role: 'editor' },
      { email: 'new@example.com', role: 'viewer' },
    ]);
    expect(email).toHaveValue('');

    await user.click(await within(section).findByRole('button', { name: 'Revoke the invitation to new@example.com' }));
    expect(await within(section).findByText(/The invitation to new@example.com is revoked/)).toBeVisible();
    expect(await within(section).findByText('No pending invitations')).toBeVisible();
    expect(sent.map((s) => s.call)).toContain(`DELETE ${base}/invitations/inv-1`);
  });

  it('renames the workspace', async () => {
    const sent = ownerServer({
      [`PATCH ${base}`]: [{ status: 200, body: teamWorkspace({ name: 'Acme Labs' }) }],
    });
    const user = userEvent.setup();
    open();
    const name = await screen.findByRole('textbox', { name: /^Workspace name/ });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Workspace name is required')).toBeVisible();
    await user.type(name, '  Acme Labs ');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('The workspace is now called Acme Labs.')).toBeVisible();
    expect(sent.filter((s) => s.call === `PATCH ${base}`).map((s) => s.body)).toEqual([{ name: 'Acme Labs' }]);
  });

  it('deletes the workspace only once its name is typed, then shows the personal dashboard', async () => {
    localStorage.setItem(STORAGE_KEYS.workspace, 'ws-acme');
    const sent = ownerServer({ [`DELETE ${base}`]: [{ status: 204 }] });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Delete workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme Research?' });
    expect(dialog).toHaveTextContent(/administrator can restore the surveys to their creators/);
    await expectNoAxeViolations();
    const confirm = within(dialog).getByRole('textbox', { name: /Type Acme Research to confirm/ });
    await user.type(confirm, 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Delete workspace' }));
    expect(await within(dialog).findByText('Type the workspace name exactly as shown')).toBeVisible();
    expect(sent.some((s) => s.call === `DELETE ${base}`)).toBe(false);

    await user.type(confirm, ' Research');
    await user.click(within(dialog).getByRole('button', { name: 'Delete workspace' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(sent.map((s) => s.call)).toContain(`DELETE ${base}`);
    expect(localStorage.getItem(STORAGE_KEYS.workspace)).toBe('user-1');
  });

  it('shows a viewer the members without controls, and lets them leave', async () => {
    localStorage.setItem(STORAGE_KEYS.workspace, 'ws-acme');
    const sent = stubServer({
      'GET /api/workspaces': [{ status: 200, body: workspaceList(teamWorkspace({ role: 'viewer' })) }],
      [`GET ${base}/members`]: [
        {
          status: 200,
          body: {
            members: [
              { ...SAM, role: 'owner' },
              { ...ME, role: 'viewer' },
            ],
          },
        },
      ],
      [`DELETE ${base}/members/user-1`]: [{ status: 204 }],
    });
    const user = userEvent.setup();
    open();
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(await within(members).findByText('Sam Second')).toBeVisible();
    expect(within(members).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Danger zone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Workspace name' })).not.toBeInTheDocument();
    // Never asked for: only owners see invitations.
    expect(sent.some((s) => s.call.endsWith('/invitations'))).toBe(false);
    await expectNoAxeViolations();

    await user.click(within(members).getByRole('button', { name: 'Leave workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Acme Research?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave workspace' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(sent.map((s) => s.call)).toContain(`DELETE ${base}/members/user-1`);
    expect(localStorage.getItem(STORAGE_KEYS.workspace)).toBe('user-1');
  });

  it('says the personal workspace is private and offers a new workspace', async () => {
    stubServer({ 'GET /api/workspaces': [{ status: 200, body: workspaceList() }] });
    open('user-1');
    expect(await screen.findByRole('heading', { name: 'Your personal workspace is private' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'New workspace' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Members' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('says so for a workspace the caller is not in, and when the list cannot load', async () => {
    stubServer({
      'GET /api/workspaces': [{ status: 200, body: workspaceList() }],
    });
    open('ws-unknown');
    expect(await screen.findByRole('heading', { name: 'Workspace not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('offers to try again when the workspaces cannot load', async () => {
    stubServer({
      'GET /api/workspaces': [
        { status: 500, body: { message: 'Something went wrong' } },
        { status: 200, body: workspaceList(teamWorkspace()) },
      ],
      [`GET ${base}/members`]: [{ status: 200, body: { members: [ME] } }],
      [`GET ${base}/invitations`]: [{ status: 200, body: { invitations: [] } }],
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { name: 'Could not load the workspace' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Research' })).toBeVisible();
  });
});
