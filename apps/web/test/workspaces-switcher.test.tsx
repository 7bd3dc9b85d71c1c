import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLocation, type RouteObject } from 'react-router';
import { i18n } from '@/i18n/i18n';
import { STORAGE_KEYS } from '@/lib/storage';
import { WorkspaceSwitcher } from '@/components/workspace-switcher';
import { paths } from '@/config/paths';
import { makeUser, renderRoutes } from './support/render-shell';
import { expectNoAxeViolations, refusal, stubServer, teamWorkspace, workspaceList } from './support/workspaces-server';

configure({ asyncUtilTimeout: 5000 });

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

const routes: RouteObject[] = [
  {
    path: paths.user.dashboard.path,
    element: (
      <>
        <WorkspaceSwitcher />
        <Where />
      </>
    ),
  },
  { path: paths.user.workspace.path, element: <h1>Settings page</h1> },
];

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

const ACME = teamWorkspace({ role: 'editor' });
const BETA = teamWorkspace({ id: 'ws-beta', name: 'Beta Lab', role: 'viewer' });

describe('the workspace switcher', { timeout: 30_000 }, () => {
  it('lists the personal workspace first, then team workspaces with the role, and switches by keyboard', async () => {
    stubServer({ 'GET /api/workspaces': [{ status: 200, body: workspaceList(ACME, BETA) }] });
    const user = userEvent.setup();
    renderRoutes(routes, { path: paths.user.dashboard.getHref(), user: makeUser('user') });

    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Personal', 'Acme Research (editor)', 'Beta Lab (viewer)']);
    expect(select).toHaveValue('user-1');
    // The personal workspace has no settings to open.
    expect(screen.queryByRole('link', { name: 'Workspace settings' })).not.toBeInTheDocument();
    await expectNoAxeViolations();

    select.focus();
    await user.keyboard('{ArrowDown}');
    await user.selectOptions(select, 'ws-acme');
    expect(select).toHaveValue('ws-acme');
    expect(address()).toBe('/dashboard?workspace=ws-acme');
    expect(localStorage.getItem(STORAGE_KEYS.workspace)).toBe('ws-acme');
    const settings = screen.getByRole('link', { name: 'Workspace settings' });
    expect(settings).toHaveAttribute('href', '/workspaces/ws-acme');

    // Back to the personal workspace: the address has no workspace.
    await user.selectOptions(select, 'user-1');
    expect(address()).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Workspace settings' })).not.toBeInTheDocument();
  });

  it('speaks German: the label, the personal workspace, the roles and the dialog', async () => {
    await i18n.changeLanguage('de');
    stubServer({ 'GET /api/workspaces': [{ status: 200, body: workspaceList(ACME, BETA) }] });
    const user = userEvent.setup();
    renderRoutes(routes, { path: paths.user.dashboard.getHref(), user: makeUser('user') });

    const select = await screen.findByRole('combobox', { name: 'Arbeitsbereich' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Persönlich', 'Acme Research (Bearbeiter)', 'Beta Lab (Betrachter)']);
    await user.click(screen.getByRole('button', { name: 'Neuer Arbeitsbereich …' }));
    expect(await screen.findByRole('dialog', { name: 'Neuer Arbeitsbereich' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Arbeitsbereich erstellen' })).toBeVisible();
  });

  it('creates a workspace from its dialog, checks the name first, and switches to it', async () => {
    const created = teamWorkspace({ id: 'ws-new', name: 'Field team', memberCount: 1 });
    const sent = stubServer({
      'GET /api/workspaces': [
        { status: 200, body: workspaceList(ACME) },
        { status: 200, body: workspaceList(ACME, created) },
      ],
      'POST /api/workspaces': [
        refusal(409, 'WORKSPACE_LIMIT_REACHED', 'You can belong to at most 50 workspaces'),
        { status: 201, body: created },
      ],
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: paths.user.dashboard.getHref(), user: makeUser('user') });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Workspace' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'New workspace…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New workspace' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveFocus());
    await expectNoAxeViolations();

    // An empty name is refused before anything is sent.
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    expect(await within(dialog).findByText('Workspace name is required')).toBeVisible();
    expect(sent.some((s) => s.call === 'POST /api/workspaces')).toBe(false);

    // The server's refusal shows in the dialog, which stays open.
    await user.clear(name);
    await user.type(name, 'Field team');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('You can belong to at most 50 workspaces')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((s) => s.call === 'POST /api/workspaces').map((s) => s.body)).toEqual([
      { name: 'Field team' },
      { name: 'Field team' },
    ]);
    expect(address()).toBe('/dashboard?workspace=ws-new');
    const select = screen.getByRole('combobox', { name: 'Workspace' });
    await waitFor(() => expect(select).toHaveValue('ws-new'));
    expect(within(select).getByRole('option', { name: 'Field team (owner)' })).toBeInTheDocument();
    // The list is read again from the server.
    await waitFor(() => expect(sent.filter((s) => s.call === 'GET /api/workspaces')).toHaveLength(2));
  });

  it('closes its dialog with Escape and gives the focus back', async () => {
    stubServer({ 'GET /api/workspaces': [{ status: 200, body: workspaceList() }] });
    const user = userEvent.setup();
    renderRoutes(routes, { path: paths.user.dashboard.getHref(), user: makeUser('user') });
    const open = await screen.findByRole('button', { name: 'New workspace…' });
    await user.click(open);
    await screen.findByRole('dialog', { name: 'New workspace' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });

  it('falls back to the personal workspace when the remembered one is no longer the caller’s', async () => {
    localStorage.setItem(STORAGE_KEYS.workspace, 'ws-gone');
    stubServer({ 'GET /api/workspaces': [{ status: 200, body: workspaceList(ACME) }] });
    renderRoutes(routes, { path: paths.user.dashboard.getHref(), user: makeUser('user') });
    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('user-1');
  });

  it('says which workspace an accepted invitation joined, once', async () => {
    stubServer({ 'GET /api/workspaces': [{ status: 200, body: workspaceList(ACME) }] });
    const { router } = renderRoutes(routes, {
      path: paths.user.workspace.getHref({ workspaceId: 'ws-acme' }),
      user: makeUser('user'),
    });
    await screen.findByRole('heading', { name: 'Settings page' });
    await router.navigate('/dashboard?workspace=ws-acme', { state: { joinedWorkspace: 'Acme Research' } });
    expect(await screen.findByText('You joined Acme Research')).toBeVisible();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Workspace' })).toHaveValue('ws-acme'));
  });

  it('renders nothing for an administrator', async () => {
    const sent = stubServer({});
    const { container } = renderRoutes(routes, { path: paths.user.dashboard.getHref(), user: makeUser('admin') });
    await screen.findByRole('status', { name: 'Address' });
    expect(container.querySelector('select')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New workspace…' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
