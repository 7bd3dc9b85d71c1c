import { afterEach, describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_MESSAGES, type Survey } from '@quorum/contract';
import { paths } from '@/config/paths';
import { renderEditorAt } from './support/render-editor';
import { makeUser } from './support/render-shell';
import { makeSurvey } from './support/surveys';

// Each test renders the whole editor; a busy machine needs more than the default five seconds.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const me = makeUser('user');
const questions = [{ id: 'q1', text: 'How was it?', type: 'multiple_choice' as const, options: ['Good', 'Bad'] }];
const mine = makeSurvey({
  surveyId: 's1',
  title: 'Team lunch',
  projectName: 'Lunch',
  questions,
  workspaceId: 'team-1',
  userId: 'ann',
  role: 'editor',
  version: 3,
});
const savedAt = new Date(Date.now() - 5 * 60_000).toISOString();
const theirs: Survey = { ...mine, title: 'Team lunch (by Ann)', version: 4, updatedAt: savedAt };
const editEntry = { pathname: '/surveys/s1/edit', state: { survey: mine } };

/**
 * A fake server holding version 4 of the survey, saved by Ann: `PUT` with another version is refused with 409
 * SURVEY_VERSION_CONFLICT, with version 4 it is saved (version 5); `GET` answers version 4. Records every `PUT`.
 */
function stubServer() {
  const puts: Array<Record<string, unknown>> = [];
  let gets = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/surveys/s1') throw new Error(`unexpected call ${url.pathname}`);
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      if (body.version !== 4) {
        return Response.json(
          {
            message: ERROR_MESSAGES.SURVEY_VERSION_CONFLICT,
            code: 'SURVEY_VERSION_CONFLICT',
            params: { version: 4, updatedBy: 'Ann Owner', updatedAt: savedAt },
          },
          { status: 409 },
        );
      }
      return Response.json({ ...theirs, title: body.title, version: 5 });
    }
    gets += 1;
    return Response.json(theirs);
  });
  return { puts, gets: () => gets };
}

const titleField = () => screen.getByRole('textbox', { name: /Survey Title/ });

async function editAndSave(user: ReturnType<typeof renderEditorAt>['user']) {
  await user.clear(titleField());
  await user.type(titleField(), 'Team lunch, my way');
  await user.click(screen.getByRole('button', { name: 'Update Survey' }));
  return screen.findByRole('dialog', { name: ERROR_MESSAGES.SURVEY_VERSION_CONFLICT });
}

describe('saving a survey someone else changed', () => {
  it('sends the version it loaded and, when refused, says who saved it and when, focusing "Keep my changes"', async () => {
    const server = stubServer();
    const { user } = renderEditorAt(editEntry, me);
    const dialog = await editAndSave(user);
    expect(server.puts[0]).toMatchObject({ title: 'Team lunch, my way', version: 3 });
    expect(dialog).toHaveAccessibleDescription(/Ann Owner saved it 5 minutes ago\./);
    expect(within(dialog).getByRole('button', { name: 'Keep my changes' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Load their version' })).toBeInTheDocument();
    // The refusal is the dialog's business: no error under the form, and nothing saved.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('"Load their version" reads the survey again, shows it and drops my changes; the next save names their version', async () => {
    const server = stubServer();
    const { user, router } = renderEditorAt(editEntry, me);
    const dialog = await editAndSave(user);
    await user.click(within(dialog).getByRole('button', { name: 'Load their version' }));

    await waitFor(() => expect(titleField()).toHaveValue('Team lunch (by Ann)'));
    expect(server.gets()).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[1]).toMatchObject({ title: 'Team lunch (by Ann)', version: 4 });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.user.dashboard.getHref()), {
      timeout: 4000,
    });
  });

  it('"Keep my changes" keeps the form as it is, saves nothing, and the next save replaces their version', async () => {
    const server = stubServer();
    const { user, router } = renderEditorAt(editEntry, me);
    const dialog = await editAndSave(user);
    await user.click(within(dialog).getByRole('button', { name: 'Keep my changes' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(titleField()).toHaveValue('Team lunch, my way');
    expect(server.puts).toHaveLength(1);
    expect(server.gets()).toBe(0);
    expect(screen.getByText(/saving replaces the version Ann Owner saved/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[1]).toMatchObject({ title: 'Team lunch, my way', version: 4 });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.user.dashboard.getHref()), {
      timeout: 4000,
    });
    // Back to the dashboard of the survey's workspace.
    expect(router.state.location.search).toBe('?workspace=team-1');
  });

  it('Escape keeps editing with my changes, as "Keep my changes" does', async () => {
    const server = stubServer();
    const { user } = renderEditorAt(editEntry, me);
    await editAndSave(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(titleField()).toHaveValue('Team lunch, my way');
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[1]).toMatchObject({ version: 4 });
  });
});

describe('the editor and workspaces', () => {
  /** Answers every `POST /api/surveys` with a made survey; records the bodies. */
  function captureCreates() {
    const sent: Array<Record<string, unknown>> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push(body);
      const workspaceId = typeof body.workspaceId === 'string' ? body.workspaceId : 'u';
      return Response.json(makeSurvey({ surveyId: 'new', userId: 'u', workspaceId }), { status: 201 });
    });
    return sent;
  }

  async function fillAndCreate(user: ReturnType<typeof renderEditorAt>['user']) {
    await user.type(screen.getByRole('textbox', { name: /Project Name/ }), 'Team Pulse');
    await user.type(titleField(), 'Weekly check-in');
    await user.type(screen.getByRole('textbox', { name: /Question Text/ }), 'How was your week?');
    await user.type(screen.getByRole('textbox', { name: /Option 1/ }), 'Good');
    await user.click(screen.getByRole('button', { name: 'Add Option' }));
    await user.type(screen.getByRole('textbox', { name: /Option 2/ }), 'Bad');
    await user.click(screen.getByRole('button', { name: 'Create Survey' }));
  }

  it('creates in the workspace the address names, then shows that workspace’s dashboard', async () => {
    const sent = captureCreates();
    const { user, router } = renderEditorAt('/surveys/create?workspace=team-1', me);
    await fillAndCreate(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ title: 'Weekly check-in', workspaceId: 'team-1' });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.user.dashboard.getHref()), {
      timeout: 4000,
    });
    expect(router.state.location.search).toBe('?workspace=team-1');
  });

  it('creates in the personal workspace by naming none', async () => {
    const sent = captureCreates();
    const { user, router } = renderEditorAt('/surveys/create', me);
    await fillAndCreate(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('workspaceId');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.user.dashboard.getHref()), {
      timeout: 4000,
    });
    expect(router.state.location.search).toBe('');
  });

  it('tells a viewer they cannot edit, with the way to the results', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ ...mine, role: 'viewer' }));
    renderEditorAt('/surveys/s1/edit', me);
    expect(await screen.findByRole('heading', { name: 'You cannot edit this survey' })).toBeInTheDocument();
    expect(screen.getByText('Your role in this workspace (viewer) does not allow this')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View results/ })).toHaveAttribute(
      'href',
      paths.user.surveyResults.getHref({ surveyId: 's1' }),
    );
    expect(screen.queryByRole('textbox', { name: /Survey Title/ })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of the editor the same way', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json(
        {
          message: 'Your role in this workspace (viewer) does not allow this',
          code: 'WORKSPACE_ROLE_FORBIDDEN',
          params: { role: 'viewer' },
        },
        { status: 403 },
      ),
    );
    renderEditorAt('/surveys/s1/edit', me);
    expect(await screen.findByRole('heading', { name: 'You cannot edit this survey' })).toBeInTheDocument();
    expect(screen.getByText('Your role in this workspace (viewer) does not allow this')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View results/ })).toBeInTheDocument();
  });
});
