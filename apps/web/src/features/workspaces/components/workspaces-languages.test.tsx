import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { ERROR_MESSAGES, type Invitation, type InvitationPreview, type WorkspaceMember } from '@quorum/contract';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { refusal, stubServer, teamWorkspace, workspaceList } from '@test/support/workspaces-server';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n/i18n';
import { InvitationPage } from './invitation-page';
import { WorkspaceSettingsPage } from './workspace-settings-page';

configure({ asyncUtilTimeout: 5000 });

const routes: RouteObject[] = [
  { path: paths.user.workspace.path, Component: WorkspaceSettingsPage },
  { path: paths.invitation.path, Component: InvitationPage },
];

const member = (userId: string, name: string, role: WorkspaceMember['role']): WorkspaceMember => ({
  userId,
  name,
  email: `${userId}@example.com`,
  role,
  joinedAt: '2026-11-20T10:00:00.000Z',
});

const PENDING: Invitation = {
  id: 'inv-1',
  email: 'new@example.com',
  role: 'viewer',
  invitedBy: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  expiresAt: '2026-12-01T10:00:00.000Z',
};

const PREVIEW: InvitationPreview = {
  workspace: { id: 'ws-acme', name: 'Acme Research' },
  email: 'user@example.com',
  role: 'editor',
  invitedBy: { id: 'owner-1', name: 'Olive Owner' },
  expiresAt: '2026-12-01T10:00:00.000Z',
};

function openSettings(role: WorkspaceMember['role'] = 'owner', memberCount = 2) {
  const base = '/api/workspaces/ws-acme';
  stubServer({
    'GET /api/workspaces': [{ status: 200, body: workspaceList(teamWorkspace({ role, memberCount })) }],
    [`GET ${base}/members`]: [
      {
        status: 200,
        body: { members: [member('user-1', 'Erin Example', role), member('user-2', 'Sam Second', 'editor')] },
      },
    ],
    [`GET ${base}/invitations`]: [{ status: 200, body: { invitations: [PENDING] } }],
  });
  return renderRoutes(routes, {
    path: paths.user.workspace.getHref({ workspaceId: 'ws-acme' }),
    user: makeUser('user'),
  });
}

describe('the workspace screens in other languages', { timeout: 30_000 }, () => {
  it('shows an owner the settings in German: role names, the count, the invitation and the danger zone', async () => {
    await i18n.changeLanguage('de');
    openSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Research' })).toBeVisible();
    expect(document.title).toBe('Acme Research · Arbeitsbereich · Quorum');
    expect(screen.getByText('Team-Arbeitsbereich · 2 Mitglieder · Sie sind Eigentümer')).toBeVisible();

    const members = screen.getByRole('region', { name: 'Mitglieder' });
    const sam = await within(members).findByRole('combobox', { name: 'Rolle von Sam Second' });
    expect(
      within(sam)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Eigentümer', 'Bearbeiter', 'Betrachter']);
    expect(within(sam).getByRole('option', { selected: true })).toHaveTextContent('Bearbeiter');
    expect(within(members).getByRole('button', { name: 'Sam Second entfernen' })).toBeVisible();
    expect(within(members).getByRole('button', { name: 'Arbeitsbereich verlassen' })).toBeVisible();

    const invitations = screen.getByRole('region', { name: 'Einladungen' });
    const pending = await within(invitations).findByRole('list', { name: 'Ausstehende Einladungen' });
    expect(within(pending).getByText('Betrachter')).toBeVisible();
    expect(within(pending).getByText(/^Eingeladen von einem ehemaligen Mitglied · Läuft ab am /)).toBeVisible();
    expect(within(invitations).getByText(/gültig ist/)).toHaveTextContent('7 Tage gültig ist');
    // The role select's hint is the chosen role's description.
    expect(within(invitations).getByRole('combobox', { name: 'Rolle' })).toHaveAccessibleDescription(
      'Erstellt, bearbeitet, startet und löscht Umfragen; sieht und exportiert Ergebnisse.',
    );
    expect(screen.getByRole('region', { name: 'Gefahrenbereich' })).toBeVisible();
  });

  it('asks in Spanish before removing a member', async () => {
    await i18n.changeLanguage('es');
    openSettings();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Quitar a Sam Second' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Quitar a Sam Second?' });
    expect(dialog).toHaveTextContent('Sam Second pierde el acceso');
    expect(within(dialog).getByRole('button', { name: 'Quitar miembro' })).toBeVisible();
  });

  it('shows a viewer their role as a badge, and counts members in Arabic with its dual', async () => {
    await i18n.changeLanguage('ar');
    openSettings('viewer');
    expect(await screen.findByText('مساحة عمل فريق · عضوان · دورك: مشاهد')).toBeVisible();
    const members = screen.getByRole('region', { name: 'الأعضاء' });
    expect(await within(members).findByText('محرّر')).toBeVisible();
    expect(within(members).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('words an invitation in German, with the role and its description', async () => {
    await i18n.changeLanguage('de');
    stubServer({ 'GET /api/invitations/tok': [{ status: 200, body: PREVIEW }] });
    renderRoutes(routes, { path: paths.invitation.getHref({ token: 'tok' }) });
    expect(await screen.findByRole('heading', { name: 'Acme Research beitreten' })).toBeVisible();
    expect(screen.getByText(/hat Sie eingeladen/)).toHaveTextContent(
      'Olive Owner hat Sie eingeladen, Acme Research als Bearbeiter beizutreten.',
    );
    expect(
      screen.getByText(
        'Bearbeiter: Erstellt, bearbeitet, startet und löscht Umfragen; sieht und exportiert Ergebnisse.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Anmelden und annehmen' })).toBeVisible();
  });

  it("says a dead link with the contract's text in the language", async () => {
    await i18n.changeLanguage('de');
    stubServer({
      'GET /api/invitations/tok': [refusal(404, 'INVITATION_NOT_FOUND', ERROR_MESSAGES.INVITATION_NOT_FOUND)],
    });
    renderRoutes(routes, { path: paths.invitation.getHref({ token: 'tok' }) });
    expect(await screen.findByRole('heading', { name: 'Einladung ungültig' })).toBeVisible();
    expect(screen.getByText(/^Diese Einladung ist ungültig\. Vielleicht wurde sie widerrufen/)).toBeVisible();
  });
});
