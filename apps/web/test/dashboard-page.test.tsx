import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import {
  DEFAULT_SURVEY_SETTINGS,
  ERROR_MESSAGES,
  MAX_ACTIVE_SURVEYS,
  SURVEY_MESSAGES,
  type Survey,
  type SurveyListResponse,
  type SurveyState,
  type SurveySummary,
  type Workspace,
  type WorkspaceListResponse,
} from '@quorum/contract';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { DASHBOARD_PAGE_SIZE } from '@/features/dashboard/api/get-surveys';
import { embedSnippet } from '@/features/dashboard/lib/share';
import { ErrorBannerProvider, useErrorBanner } from '@/lib/error-banner';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n/i18n';
import { stubScreenWidth } from './support/screen-width';
import { makeUser, renderRoutes } from './support/render-shell';

const me = makeUser('user');
const personal: Workspace = {
  id: me.id,
  name: 'Personal',
  role: 'owner',
  personal: true,
  memberCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};

let n = 0;
const summary = (state: SurveyState, over: Partial<SurveySummary> = {}): SurveySummary => {
  n += 1;
  return {
    surveyId: `survey-${n}`,
    projectId: 'team-pulse',
    userId: 'u',
    workspaceId: 'u',
    createdBy: null,
    updatedBy: null,
    version: 1,
    role: 'owner',
    title: `Survey ${n}`,
    projectName: 'Team Pulse',
    brandingImageUrl: null,
    state,
    generator: 'manual',
    responseCount: 0,
    questionCount: 3,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...DEFAULT_SURVEY_SETTINGS,
    defaultLanguage: 'en',
    hiddenFields: [],
    ...over,
  };
};

interface ServerOptions {
  /** Team workspaces the caller is in, after the personal one. */
  teams?: Workspace[];
  /** The active surveys the caller launched in every workspace (default: the active ones of the list). */
  launched?: number;
}

/**
 * A fake `GET /api/surveys` over a list (q, state, limit and offset applied; the order is the list's, the
 * server's business), `GET /api/workspaces` and `POST /api/surveys/:id/duplicate` and `/generate`; records every
 * request's URL and every body sent.
 */
function stubServer(surveys: SurveySummary[], options: ServerOptions = {}) {
  const requests: URL[] = [];
  const bodies = new Map<string, unknown>();
  const list = [...surveys];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    if (typeof init?.body === 'string') bodies.set(url.pathname, JSON.parse(init.body));
    if (url.pathname === '/api/workspaces') {
      const body: WorkspaceListResponse = {
        workspaces: [personal, ...(options.teams ?? [])],
        activeSurveys: {
          launched: options.launched ?? list.filter((s) => s.state === 'active').length,
          limit: MAX_ACTIVE_SURVEYS,
        },
      };
      return new Response(JSON.stringify(body), { status: 200 });
    }
    if (url.pathname === '/api/surveys/generate') {
      return new Response(JSON.stringify({ message: 'AI is not configured' }), { status: 503 });
    }
    const duplicate = /^\/api\/surveys\/([^/]+)\/duplicate$/.exec(url.pathname);
    if (init?.method === 'POST' && duplicate) {
      const original = list.find((s) => s.surveyId === decodeURIComponent(duplicate[1] ?? ''));
      if (!original) return new Response(JSON.stringify({ message: 'Survey not found' }), { status: 404 });
      const { questionCount: _count, ...rest } = original;
      const copy: Survey = {
        ...rest,
        translations: {},
        surveyId: `${original.surveyId}-copy`,
        title: `Copy of ${original.title}`,
        state: 'draft',
        responseCount: 0,
        questions: [],
      };
      list.unshift({ ...copy, questionCount: original.questionCount });
      return new Response(JSON.stringify(copy), { status: 201 });
    }
    const stateChange = /^\/api\/surveys\/([^/]+)\/state$/.exec(url.pathname);
    if (init?.method === 'PATCH' && stateChange) {
      const at = list.findIndex((s) => s.surveyId === decodeURIComponent(stateChange[1] ?? ''));
      const target = (bodies.get(url.pathname) as { state: SurveyState }).state;
      const changed = { ...list[at]!, state: target };
      list[at] = changed;
      const { questionCount: _count, ...rest } = changed;
      return new Response(JSON.stringify({ message: 'Survey launched', survey: { ...rest, questions: [] } }), {
        status: 200,
      });
    }
    if (url.pathname !== '/api/surveys') throw new Error(`unexpected call ${url.pathname}`);
    const q = url.searchParams.get('q')?.toLowerCase();
    const state = url.searchParams.get('state');
    const matching = list.filter(
      (s) => s.state !== 'deleted' && (!q || s.title.toLowerCase().includes(q)) && (!state || s.state === state),
    );
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const body: SurveyListResponse = { surveys: matching.slice(offset, offset + limit), total: matching.length };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  /** The dashboard's list requests. */
  const listRequests = () => requests.filter((u) => u.pathname === '/api/surveys');
  return { requests, listRequests, bodies };
}

/** The server's refusal of a launch or resume past the survey's closing time. */
const refusedForClosingTime = () =>
  new Response(
    JSON.stringify({
      message: ERROR_MESSAGES.SURVEY_CLOSING_TIME_PASSED,
      code: 'SURVEY_CLOSING_TIME_PASSED',
      params: { closesAt: '2026-03-01T09:00:00.000Z' },
    }),
    { status: 409 },
  );

/** The app layout shows the error banner's message; here it is just an alert. */
function ShownError() {
  const { message } = useErrorBanner();
  return message ? <p role="alert">{message}</p> : null;
}

async function renderDashboard(
  surveys: SurveySummary[],
  path: string = paths.user.dashboard.getHref(),
  options: ServerOptions = {},
  ready: RegExp = /^Showing|Create your first survey|No surveys match|No surveys yet/,
) {
  const server = stubServer(surveys, options);
  const page = (
    <ErrorBannerProvider>
      <ShownError />
      <DashboardPage />
    </ErrorBannerProvider>
  );
  const view = renderRoutes(
    [
      { path: paths.user.dashboard.path, element: page },
      { path: paths.user.createSurvey.path, element: <h1>Create page</h1> },
    ],
    { path, user: me },
  );
  await screen.findByText(ready);
  return { user: userEvent.setup(), router: view.router, server, container: view.container };
}

const sectionButton = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label} \\d+ surveys?$`) });
const lastListRequest = (server: { listRequests: () => URL[] }) => server.listRequests().at(-1)?.searchParams;

describe('the dashboard', () => {
  it('greets a new user with an empty state leading to the create screen', async () => {
    await renderDashboard([summary('deleted')]);
    expect(screen.getByRole('heading', { name: 'Create your first survey' })).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: /Create New Survey/ })) {
      expect(link).toHaveAttribute('href', paths.user.createSurvey.getHref());
    }
  });

  it('groups surveys into sections with counts, hides Other when empty and leaves deleted ones out', async () => {
    const { user } = await renderDashboard([
      summary('active'),
      summary('draft', { title: 'Draft A' }),
      summary('draft'),
      summary('deleted', { title: 'Gone' }),
    ]);
    expect(sectionButton('Active')).toHaveTextContent('1');
    expect(sectionButton('Draft')).toHaveTextContent('2');
    expect(sectionButton('Paused')).toHaveTextContent('0');
    expect(screen.queryByRole('button', { name: /^Other/ })).not.toBeInTheDocument();
    expect(screen.getByText('No surveys in this section')).toBeInTheDocument();
    expect(screen.queryByText('Gone')).not.toBeInTheDocument();

    await user.click(sectionButton('Draft'));
    expect(sectionButton('Draft')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /Draft A/ })).not.toBeInTheDocument();
  });

  it('puts closed surveys in Other, saying Survey Closed and offering Duplicate and Delete only', async () => {
    const { user } = await renderDashboard([summary('closed', { title: 'Old poll' })]);
    expect(sectionButton('Other')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: /Old poll/ }));
    expect(screen.getByText('Survey Closed')).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions for Old poll' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete', 'Duplicate']);
    expect(within(actions).queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: /View Results/ })).toBeInTheDocument();
  });

  it('shows the response count on every card and expands one with Enter to its details, link and actions', async () => {
    const active = summary('active', { title: 'Live one', questionCount: 4, responseCount: 1234 });
    const { user } = await renderDashboard([active, summary('draft', { title: 'Single', responseCount: 1 })]);
    expect(screen.getByRole('button', { name: /Single/ })).toHaveTextContent('3 questions · 1 response');
    const toggle = screen.getByRole('button', { name: /Live one/ });
    expect(toggle).toHaveTextContent('4 questions · 1,234 responses');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Team Pulse')).toBeInTheDocument();
    expect(screen.getByText('Responses').nextElementSibling).toHaveTextContent('1,234');
    expect(screen.getByRole('textbox', { name: 'Public link' })).toHaveValue(
      `${window.location.origin}${paths.publicSurvey.survey.getHref(active)}`,
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions for Live one' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pause', 'Close', 'Share', 'Duplicate']);
    expect(within(actions).getByRole('link', { name: /Edit/ })).toHaveAttribute(
      'href',
      paths.user.editSurvey.getHref(active),
    );
  });

  it('offers no Copy and no Share for a draft', async () => {
    const { user } = await renderDashboard([summary('draft', { title: 'Drafty' })]);
    await user.click(screen.getByRole('button', { name: /Drafty/ }));
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions for Drafty' });
    expect(within(actions).getByRole('button', { name: /Launch/ })).not.toHaveAttribute('aria-disabled');
  });

  it.each(['draft', 'paused', 'closed'] as const)(
    'shows the public link only on active cards, not on a %s one',
    async (state) => {
      const { user } = await renderDashboard([summary(state, { title: 'Not live' })]);
      await user.click(screen.getByRole('button', { name: /Not live/ }));
      expect(screen.getByRole('group', { name: 'Actions for Not live' })).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Public link' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Respondents can open this link/)).not.toBeInTheDocument();
    },
  );

  it('at 2 active surveys blocks Launch and Resume with the limit message and warns', async () => {
    const { user } = await renderDashboard([
      summary('active'),
      summary('active'),
      summary('draft', { title: 'Waiting' }),
      summary('paused', { title: 'Resting' }),
    ]);
    expect(await screen.findByText(/Pause or close a survey before launching more/)).toBeInTheDocument();
    const create = screen.getByRole('link', { name: /Create New Survey/ });
    expect(create).toHaveAccessibleDescription(/Pause or close a survey before launching more/);

    await user.click(screen.getByRole('button', { name: /Waiting/ }));
    const launch = screen.getByRole('button', { name: /Launch/ });
    expect(launch).toHaveAttribute('aria-disabled', 'true');
    expect(launch).toHaveAccessibleDescription(SURVEY_MESSAGES.activeLimit);

    await user.click(screen.getByRole('button', { name: /Resting/ }));
    const resume = screen.getByRole('button', { name: /Resume/ });
    expect(resume).toHaveAttribute('aria-disabled', 'true');
    expect(resume).toHaveAccessibleDescription(SURVEY_MESSAGES.activeLimit);
  });

  it('says why a launch is refused when the closing time has passed, and leaves the survey a draft', async () => {
    const { user } = await renderDashboard([summary('draft', { title: 'Too late' })]);
    vi.mocked(globalThis.fetch).mockResolvedValueOnce(refusedForClosingTime());
    await user.click(screen.getByRole('button', { name: /Too late/ }));
    await user.click(screen.getByRole('button', { name: /Launch/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The closing time of this survey has passed; change it in the settings first',
    );
    expect(sectionButton('Draft')).toHaveTextContent('1');
  });

  it('counts the active surveys the caller launched on the server, so a filter that hides them still blocks Launch', async () => {
    const { user } = await renderDashboard(
      [summary('active'), summary('active'), summary('draft', { title: 'Waiting' })],
      '/dashboard?state=draft',
    );
    expect(await screen.findByText(/Pause or close a survey before launching more/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Active/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Waiting/ }));
    expect(screen.getByRole('button', { name: /Launch/ })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('the Generate with AI box', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts closed on a phone, its heading a button that opens it by keyboard, so the list stays in view', async () => {
    stubScreenWidth(360);
    const { user } = await renderDashboard([summary('active', { title: 'Live one' })]);
    const box = screen.getByRole('region', { name: 'Generate with AI' });
    const toggle = within(box).getByRole('button', { name: 'Generate with AI' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(box).queryByRole('textbox', { name: 'Survey idea' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Live one/ })).toBeInTheDocument();

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(box).getByRole('textbox', { name: 'Survey idea' })).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: /Generate Survey/ })).toBeInTheDocument();
    const results = await axe.run(box, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });

  it('is open on a wide screen, with nothing to toggle', async () => {
    stubScreenWidth(1280);
    await renderDashboard([summary('active')]);
    const box = screen.getByRole('region', { name: 'Generate with AI' });
    expect(within(box).queryByRole('button', { name: 'Generate with AI' })).not.toBeInTheDocument();
    expect(within(box).getByRole('heading', { name: 'Generate with AI' })).toBeInTheDocument();
    expect(within(box).getByRole('textbox', { name: 'Survey idea' })).toBeInTheDocument();
  });
});

// Many user steps (and axe) on a shared machine: a longer timeout than the default 5 s.
describe('the dashboard: search, filter and sort in the URL', { timeout: 30_000 }, () => {
  it('reads them from the URL into the controls and the request', async () => {
    const { server } = await renderDashboard(
      [summary('draft', { title: 'Pulse check' }), summary('draft', { title: 'Other' })],
      '/dashboard?q=pulse&state=draft&sort=title&order=desc',
    );
    expect(screen.getByRole('searchbox', { name: 'Search surveys' })).toHaveValue('pulse');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('draft');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Title Z–A');
    const sent = lastListRequest(server);
    expect(sent?.get('q')).toBe('pulse');
    expect(sent?.get('state')).toBe('draft');
    expect(sent?.get('sort')).toBe('title');
    expect(sent?.get('order')).toBe('desc');
    expect(screen.getByRole('button', { name: /Pulse check/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Other/ })).not.toBeInTheDocument();
  });

  it('sends the default sort for a plain address and ignores values it does not know', async () => {
    const { server } = await renderDashboard([summary('draft')], '/dashboard?sort=bogus&order=sideways&state=deleted');
    const sent = lastListRequest(server);
    expect(sent?.get('sort')).toBe('created');
    expect(sent?.get('order')).toBe('desc');
    expect(sent?.has('state')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Newest first');
  });

  it('writes each change to the URL and asks the server again; Back restores the previous list', async () => {
    const { user, router, server } = await renderDashboard([
      summary('draft', { title: 'Team pulse' }),
      summary('paused', { title: 'Paused pulse' }),
      summary('draft', { title: 'Lunch menu' }),
    ]);

    await user.type(screen.getByRole('searchbox', { name: 'Search surveys' }), 'pulse{Enter}');
    expect(router.state.location.search).toBe('?q=pulse');
    await screen.findByText('Showing 2 of 2 surveys');
    expect(lastListRequest(server)?.get('q')).toBe('pulse');
    expect(screen.queryByRole('button', { name: /Lunch menu/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Paused');
    expect(router.state.location.search).toBe('?q=pulse&state=paused');
    await screen.findByText('Showing 1 of 1 survey');
    expect(lastListRequest(server)?.get('state')).toBe('paused');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Most responses');
    // The default order of a sort stays out of the URL; the request always names it.
    expect(router.state.location.search).toBe('?q=pulse&state=paused&sort=responses');
    await vi.waitFor(() => expect(lastListRequest(server)?.get('sort')).toBe('responses'));
    expect(lastListRequest(server)?.get('order')).toBe('desc');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Fewest responses');
    expect(router.state.location.search).toBe('?q=pulse&state=paused&sort=responses&order=asc');
    await vi.waitFor(() => expect(lastListRequest(server)?.get('order')).toBe('asc'));

    await act(() => router.navigate(-3));
    expect(router.state.location.search).toBe('?q=pulse');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Newest first');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search surveys' })).toHaveValue('');
    expect(await screen.findByRole('button', { name: /Lunch menu/ })).toBeInTheDocument();
  });

  it('takes a typed but unsent search along when the filter changes', async () => {
    const { user, router, server } = await renderDashboard([summary('draft', { title: 'Lunch menu' })]);
    await user.type(screen.getByRole('searchbox', { name: 'Search surveys' }), 'lunch');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Draft');
    expect(router.state.location.search).toBe('?q=lunch&state=draft');
    await vi.waitFor(() => expect(lastListRequest(server)?.get('q')).toBe('lunch'));
    expect(screen.getByRole('searchbox', { name: 'Search surveys' })).toHaveValue('lunch');
  });

  it('says when nothing matches and clears the search and filter in one step', async () => {
    const { user, router } = await renderDashboard([summary('draft', { title: 'Lunch menu' })], '/dashboard?q=zebra');
    expect(screen.getByRole('heading', { name: 'No surveys match' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create your first survey' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('button', { name: /Lunch menu/ })).toBeInTheDocument();
  });
});

// Many user steps (and axe) on a shared machine: a longer timeout than the default 5 s.
describe('the dashboard with 1,000 surveys', { timeout: 30_000 }, () => {
  it('puts only the first page of cards in the DOM and loads the next page on "Show more surveys"', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => summary(i % 2 ? 'draft' : 'paused', { title: `Bulk ${i}` }));
    const { user, server } = await renderDashboard(many);
    expect(DASHBOARD_PAGE_SIZE).toBeLessThanOrEqual(100);
    expect(screen.getByText(`Showing ${DASHBOARD_PAGE_SIZE} of 1,000 surveys`)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(DASHBOARD_PAGE_SIZE);
    expect(lastListRequest(server)?.get('limit')).toBe(String(DASHBOARD_PAGE_SIZE));

    await user.click(screen.getByRole('button', { name: 'Show more surveys' }));
    await screen.findByText(`Showing ${2 * DASHBOARD_PAGE_SIZE} of 1,000 surveys`);
    expect(screen.getAllByRole('listitem')).toHaveLength(2 * DASHBOARD_PAGE_SIZE);
    expect(lastListRequest(server)?.get('offset')).toBe(String(DASHBOARD_PAGE_SIZE));
  });

  it('offers no "Show more surveys" once everything is loaded', async () => {
    await renderDashboard([summary('draft')]);
    expect(screen.queryByRole('button', { name: 'Show more surveys' })).not.toBeInTheDocument();
  });
});

describe('the dashboard: duplicate', () => {
  it('posts the duplicate, confirms with a link to the copy and opens the copy in the list', async () => {
    const original = summary('active', { title: 'Team pulse', surveyId: 'orig' });
    const { user, server } = await renderDashboard([original]);
    await user.click(screen.getByRole('button', { name: /Team pulse/ }));
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));

    const confirmation = await screen.findByText(/was created as a draft/);
    expect(confirmation).toHaveTextContent('“Copy of Team pulse” was created as a draft.');
    expect(within(confirmation).getByRole('link', { name: 'Edit the copy' })).toHaveAttribute(
      'href',
      paths.user.editSurvey.getHref({ surveyId: 'orig-copy' }),
    );
    const posted = server.requests.find((u) => u.pathname === '/api/surveys/orig/duplicate');
    expect(posted).toBeDefined();
    const copyCard = await screen.findByRole('button', { name: /Copy of Team pulse/ });
    expect(copyCard).toHaveAttribute('aria-expanded', 'true');
    expect(sectionButton('Draft')).toHaveTextContent('1');
  });

  it('says so when the duplicate fails', async () => {
    const { user } = await renderDashboard([summary('draft', { title: 'Lonely', surveyId: 'lonely' })]);
    vi.mocked(globalThis.fetch).mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Survey not found' }), { status: 404 }),
    );
    await user.click(screen.getByRole('button', { name: /Lonely/ }));
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Survey not found');
    expect(screen.queryByText(/was created as a draft/)).not.toBeInTheDocument();
  });
});

// Many user steps (and axe) on a shared machine: a longer timeout than the default 5 s.
describe('the dashboard: share', { timeout: 30_000 }, () => {
  it('opens a labelled dialog with the link, a QR code with downloads and an embed snippet; Escape closes it', async () => {
    const live = summary('active', { title: 'Live "quoted" <one>' });
    const url = `${window.location.origin}${paths.publicSurvey.survey.getHref(live)}`;
    const { user } = await renderDashboard([live]);
    await user.click(screen.getByRole('button', { name: /Live "quoted"/ }));
    const share = screen.getByRole('button', { name: 'Share' });
    await user.click(share);

    const dialog = screen.getByRole('dialog', { name: 'Share “Live "quoted" <one>”' });
    expect(within(dialog).getByRole('textbox', { name: 'Public link' })).toHaveValue(url);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    const qr = await within(dialog).findByRole('img', { name: /QR code opening/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const svg = within(dialog).getByRole('link', { name: 'Download SVG' });
    expect(svg).toHaveAttribute('download', 'live-quoted-one-qr.svg');
    expect(svg.getAttribute('href')).toMatch(/^data:image\/svg\+xml/);
    expect(within(dialog).getByRole('button', { name: 'Download PNG' })).toBeInTheDocument();

    const embed = within(dialog).getByRole('textbox', { name: 'Embed code' });
    expect(embed).toHaveValue(embedSnippet(url, live.title));
    expect((embed as HTMLTextAreaElement).value).toContain(`src="${url}"`);
    await user.click(within(dialog).getByRole('button', { name: 'Copy embed code' }));
    expect(await navigator.clipboard.readText()).toBe(embedSnippet(url, live.title));
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(share).toHaveFocus();
  });

  it('downloads the QR code as a PNG drawn on a canvas, named after the survey', async () => {
    const { user } = await renderDashboard([summary('active', { title: 'Live one' })]);
    await user.click(screen.getByRole('button', { name: /Live one/ }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share “Live one”' });
    await within(dialog).findByRole('img', { name: /QR code/ });

    // jsdom draws nothing: a canvas that records the pixels it is given stands in for the browser's.
    const drawn: ImageData[] = [];
    const context = {
      createImageData: (width: number, height: number) => ({
        width,
        height,
        data: new Uint8ClampedArray(width * height * 4),
      }),
      putImageData: (image: ImageData) => drawn.push(image),
      drawImage: () => undefined,
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,UE5H');
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    await user.click(within(dialog).getByRole('button', { name: 'Download PNG' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('live-one-qr.png');
    expect(clicked[0]?.href).toBe('data:image/png;base64,UE5H');
    // The padding is opaque white, not the library's transparent default.
    expect(Array.from(drawn[0]?.data.slice(0, 4) ?? [])).toEqual([255, 255, 255, 255]);
  });

  it('keeps focus inside the dialog and passes axe', async () => {
    const { user } = await renderDashboard([summary('active', { title: 'Live one' })]);
    await user.click(screen.getByRole('button', { name: /Live one/ }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share “Live one”' });
    await within(dialog).findByRole('img', { name: /QR code/ });
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    // jsdom has no layout: contrast is checked in the browser (e2e).
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });
});

const team = (role: Workspace['role'], over: Partial<Workspace> = {}): Workspace => ({
  id: `team-${role}`,
  name: `Team of ${role}s`,
  role,
  personal: false,
  memberCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const ann = { id: 'ann', name: 'Ann Owner' };
const bob = { id: 'bob', name: 'Bob Editor' };

describe('the dashboard in workspaces', { timeout: 30_000 }, () => {
  it('lists the personal workspace by default and a team workspace named in the address, each in its own request', async () => {
    const { server } = await renderDashboard([summary('draft')]);
    expect(lastListRequest(server)?.get('workspaceId')).toBe(me.id);

    const other = await renderDashboard([summary('draft')], '/dashboard?workspace=team-editor', {
      teams: [team('editor')],
    });
    await vi.waitFor(() => expect(lastListRequest(other.server)?.get('workspaceId')).toBe('team-editor'));
  });

  it('falls back to the personal workspace when the address names one the caller is not in', async () => {
    const { server } = await renderDashboard([summary('draft')], '/dashboard?workspace=gone');
    expect(server.listRequests().map((u) => u.searchParams.get('workspaceId'))).toEqual([me.id]);
  });

  it('warns and blocks Launch from the count of surveys the caller launched anywhere, not the listed ones', async () => {
    const { user } = await renderDashboard([summary('draft', { title: 'Waiting' })], undefined, { launched: 2 });
    expect(await screen.findByText(/You have 2 of 2 active surveys/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Waiting/ }));
    expect(screen.getByRole('button', { name: /Launch/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('reads the count again after a launch', async () => {
    const { user, server } = await renderDashboard([summary('draft', { title: 'Waiting' })]);
    const before = server.requests.filter((u) => u.pathname === '/api/workspaces').length;
    await user.click(screen.getByRole('button', { name: /Waiting/ }));
    await user.click(screen.getByRole('button', { name: /Launch/ }));
    await vi.waitFor(() =>
      expect(server.requests.filter((u) => u.pathname === '/api/workspaces').length).toBeGreaterThan(before),
    );
  });

  it('says who made and who changed a team survey, and nothing of the kind for a personal one', async () => {
    await renderDashboard(
      [
        summary('draft', {
          title: 'Shared',
          workspaceId: 'team-editor',
          userId: 'ann',
          role: 'editor',
          createdBy: ann,
          updatedBy: bob,
          updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
        }),
        summary('draft', { title: 'Fresh', workspaceId: 'team-editor', userId: 'ann', role: 'editor', createdBy: ann }),
      ],
      '/dashboard?workspace=team-editor',
      { teams: [team('editor')] },
    );
    const shared = screen.getByRole('button', { name: /Shared/ });
    expect(shared).toHaveTextContent('Created by Ann Owner · Changed by Bob Editor · 5 minutes ago');
    const fresh = screen.getByRole('button', { name: /Fresh/ });
    expect(fresh).toHaveTextContent('Created by Ann Owner');
    expect(fresh).not.toHaveTextContent('Changed by');
  });

  it('shows no maker on personal surveys', async () => {
    await renderDashboard([summary('draft', { title: 'Mine', createdBy: { id: me.id, name: me.name } })]);
    expect(screen.getByRole('button', { name: /Mine/ })).not.toHaveTextContent('Created by');
  });

  it('creates in the current workspace: the create link names it and the AI box sends it', async () => {
    const { user, server } = await renderDashboard([], '/dashboard?workspace=team-editor', {
      teams: [team('editor')],
    });
    const create = await screen.findAllByRole('link', { name: /Create New Survey/ });
    for (const link of create) expect(link).toHaveAttribute('href', '/surveys/create?workspace=team-editor');
    await user.type(screen.getByRole('textbox', { name: /Survey idea/ }), 'A jazz festival');
    await user.click(screen.getByRole('button', { name: /Generate Survey/ }));
    await vi.waitFor(() =>
      expect(server.bodies.get('/api/surveys/generate')).toEqual({
        prompt: 'A jazz festival',
        workspaceId: 'team-editor',
      }),
    );
    await screen.findByRole('alert');
  });

  it('keeps the plain create link in the personal workspace', async () => {
    await renderDashboard([]);
    for (const link of screen.getAllByRole('link', { name: /Create New Survey/ })) {
      expect(link).toHaveAttribute('href', '/surveys/create');
    }
  });

  it('gives an editor every action', async () => {
    const { user } = await renderDashboard(
      [summary('draft', { title: 'Shared', workspaceId: 'team-editor', userId: 'ann', role: 'editor' })],
      '/dashboard?workspace=team-editor',
      { teams: [team('editor')] },
    );
    await user.click(screen.getByRole('button', { name: /Shared/ }));
    const actions = screen.getByRole('group', { name: 'Actions for Shared' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Launch', 'Delete', 'Duplicate']);
    expect(within(actions).getByRole('link', { name: /Edit/ })).toBeInTheDocument();
  });

  it('gives a viewer results and preview only, no create buttons and a note saying so', async () => {
    const { user } = await renderDashboard(
      [
        summary('draft', { title: 'Planned', workspaceId: 'team-viewer', userId: 'ann', role: 'viewer' }),
        summary('active', { title: 'Running', workspaceId: 'team-viewer', userId: 'ann', role: 'viewer' }),
      ],
      '/dashboard?workspace=team-viewer',
      { teams: [team('viewer')] },
    );
    expect(await screen.findByText(/You can view this workspace's surveys and results/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Create New Survey/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Survey idea/ })).not.toBeInTheDocument();
    for (const title of ['Planned', 'Running']) {
      await user.click(screen.getByRole('button', { name: new RegExp(title) }));
      const actions = screen.getByRole('group', { name: `Actions for ${title}` });
      for (const name of [/Edit/, /Launch/, /Pause/, /Close/, /Delete/, /Duplicate/]) {
        expect(within(actions).queryByRole('button', { name })).not.toBeInTheDocument();
        expect(within(actions).queryByRole('link', { name })).not.toBeInTheDocument();
      }
      expect(within(actions).getByRole('link', { name: /View Results/ })).toBeInTheDocument();
      expect(within(actions).getByRole('link', { name: /Preview/ })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/surveys\/survey-\d+\/preview$/),
      );
    }
  });
});

// Many user steps (and axe) on a shared machine: a longer timeout than the default 5 s.
describe('the dashboard passes axe', { timeout: 30_000 }, () => {
  it('with the toolbar, sections and an open card', async () => {
    const { user, container } = await renderDashboard([summary('active', { title: 'Live one' }), summary('draft')]);
    await user.click(screen.getByRole('button', { name: /Live one/ }));
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });
});

describe('the dashboard in other languages', () => {
  it('speaks German: title, sections, counts, actions and the AI box', async () => {
    await i18n.changeLanguage('de');
    const { user } = await renderDashboard(
      [summary('active', { title: 'Kantine', questionCount: 1, responseCount: 1234 }), summary('draft')],
      paths.user.dashboard.getHref(),
      {},
      /angezeigt/,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Umfragen' })).toBeInTheDocument();
    expect(screen.getByText('2 von 2 Umfragen angezeigt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Aktiv 1 Umfrage$/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Mit KI erstellen' })).toBeInTheDocument();
    const card = screen.getByRole('button', { name: /Kantine/ });
    expect(card).toHaveTextContent('1 Frage · 1.234 Antworten');
    await user.click(card);
    const actions = screen.getByRole('group', { name: 'Aktionen für Kantine' });
    expect(within(actions).getByRole('button', { name: /Pausieren/ })).toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: /Ergebnisse ansehen/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toHaveDisplayValue('Neueste zuerst');
  });

  it('says in German why resuming is refused when the closing time has passed', async () => {
    await i18n.changeLanguage('de');
    const { user } = await renderDashboard(
      [summary('paused', { title: 'Zu spät' })],
      paths.user.dashboard.getHref(),
      {},
      /angezeigt/,
    );
    vi.mocked(globalThis.fetch).mockResolvedValueOnce(refusedForClosingTime());
    await user.click(screen.getByRole('button', { name: /Zu spät/ }));
    await user.click(screen.getByRole('button', { name: /Fortsetzen/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Endzeitpunkt dieser Umfrage ist bereits vorbei; ändern Sie ihn zuerst in den Einstellungen',
    );
  });

  it('reads right to left in Arabic, with its dual and plural forms', async () => {
    await i18n.changeLanguage('ar');
    await renderDashboard(
      [summary('draft', { title: 'أ', questionCount: 2, responseCount: 3 }), summary('draft')],
      paths.user.dashboard.getHref(),
      {},
      /^عرض/,
    );
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('عرض 2 من استبيانين')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^أ/ })).toHaveTextContent('سؤالان · 3 ردود');
  });
});
