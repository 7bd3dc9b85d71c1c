import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SURVEY_SETTINGS, type SurveyState, type SurveySummary } from '@quorum/contract';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { ErrorBannerProvider, useErrorBanner } from '@/lib/error-banner';
import { AdminDashboardPage } from './admin-dashboard-page';
import { AdminLoginPage } from './admin-login-page';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n/i18n';

// The machine may be busy: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

type Answer = { status: number; body: unknown };

/**
 * Answers the browser's fetch calls by method and path, from a queue per call (the last answer
 * repeats); records what was sent.
 */
function stubServer(answers: Record<string, Answer[] | ((url: URL) => Answer)>) {
  const sent: Array<{ call: string; url: URL; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call = `${init?.method ?? 'GET'} ${url.pathname}`;
    sent.push({ call, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    let answer: Answer | undefined;
    if (call === 'GET /api/config')
      answer = { status: 200, body: { recaptchaSiteKey: null, recaptchaScriptUrl: null } };
    else {
      const entry = answers[call];
      answer = typeof entry === 'function' ? entry(url) : entry && entry.length > 1 ? entry.shift() : entry?.[0];
    }
    if (!answer) throw new Error(`unexpected call ${call}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return sent;
}

const invalid: Answer = { status: 401, body: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' } };
const lockedAnswer: Answer = {
  status: 423,
  body: { message: 'Account locked. Try again in 15 minutes.', code: 'ADMIN_ACCOUNT_LOCKED', params: { minutes: 15 } },
};

function renderLogin() {
  const view = renderRoutes(
    [
      { path: paths.auth.adminLogin.path, Component: AdminLoginPage },
      { path: paths.admin.dashboard.path, element: <p>Admin dashboard</p> },
    ],
    { path: paths.auth.adminLogin.getHref() },
  );
  return { ...view, user: userEvent.setup({ delay: null }) };
}

async function attempt(user: ReturnType<typeof userEvent.setup>, email = 'who@example.com', password = 'Wrong-1!') {
  await user.clear(screen.getByLabelText(/^Email/));
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('admin login screen', { timeout: 20_000 }, () => {
  it('counts down the remaining attempts and locks with the server message on the third failure', async () => {
    const sent = stubServer({ 'POST /api/admin/auth/login': [invalid, invalid, lockedAnswer] });
    const { user } = renderLogin();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(document.title).toContain('Admin Login');

    await attempt(user);
    expect(await screen.findByText('Invalid email or password')).toBeVisible();
    expect(screen.getByText(/Remaining attempts:/)).toHaveTextContent('Remaining attempts: 2');
    expect(localStorage.getItem('adminRetryCount')).toBe('1');

    await attempt(user);
    await waitFor(() => expect(screen.getByText(/Remaining attempts:/)).toHaveTextContent('Remaining attempts: 1'));

    await attempt(user);
    expect(await screen.findByText('Account locked. Try again in 15 minutes.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    expect(screen.queryByText(/Remaining attempts:/)).not.toBeInTheDocument();
    expect(localStorage.getItem('adminRetryCount')).toBe('3');
    expect(Number(localStorage.getItem('adminLockoutEnd'))).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(sent.filter((s) => s.call === 'POST /api/admin/auth/login').map((s) => s.body)).toEqual(
      Array(3).fill({ email: 'who@example.com', password: 'Wrong-1!', recaptchaToken: '' }),
    );
  });

  it('starts locked when the browser remembers a lock, with the client-side message', async () => {
    localStorage.setItem('adminRetryCount', '3');
    localStorage.setItem('adminLockoutEnd', String(Date.now() + 9 * 60_000 + 5_000));
    stubServer({});
    renderLogin();
    expect(await screen.findByText('Account temporarily locked. Please try again in 10 minutes.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
  });

  it('forgets a lock that has ended', async () => {
    localStorage.setItem('adminRetryCount', '3');
    localStorage.setItem('adminLockoutEnd', String(Date.now() - 1000));
    stubServer({});
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(localStorage.getItem('adminRetryCount')).toBeNull();
  });

  it('says "Too many login attempts" on 429 without counting it as a failure', async () => {
    stubServer({
      'POST /api/admin/auth/login': [
        {
          status: 429,
          body: { message: 'Too many requests.', code: 'LOGIN_RATE_LIMITED', params: { retryAfterSeconds: 60 } },
        },
      ],
    });
    const { user } = renderLogin();
    await attempt(user);
    expect(await screen.findByText('Too many login attempts. Please try again later.')).toBeVisible();
    expect(localStorage.getItem('adminRetryCount')).toBeNull();
  });

  it('falls back to "Login failed" without a server message', async () => {
    stubServer({ 'POST /api/admin/auth/login': [{ status: 500, body: {} }] });
    const { user } = renderLogin();
    await attempt(user);
    expect(await screen.findByText('Login failed')).toBeVisible();
  });

  it('on success resets the counters, stores the admin session and opens the dashboard', async () => {
    localStorage.setItem('adminRetryCount', '2');
    const admin = makeUser('admin');
    stubServer({ 'POST /api/admin/auth/login': [{ status: 200, body: { token: 'admin-token', user: admin } }] });
    const { user, router } = renderLogin();
    await attempt(user, admin.email, 'Right-Passw0rd!');
    expect(await screen.findByText('Admin dashboard')).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.admin.dashboard.getHref());
    expect(localStorage.getItem('adminRetryCount')).toBeNull();
    expect(localStorage.getItem('token')).toBe('admin-token');
    expect(localStorage.getItem('userType')).toBe('admin');
    expect(JSON.parse(localStorage.getItem('userData')!)).toMatchObject({ email: admin.email, role: 'admin' });
  });
});

let n = 0;
const summary = (state: SurveyState, over: Partial<SurveySummary> = {}): SurveySummary => {
  n += 1;
  return {
    surveyId: `survey-${n}`,
    projectId: 'team-pulse',
    userId: `user-${n}`,
    workspaceId: `user-${n}`,
    createdBy: { id: `user-${n}`, name: `Creator ${n}` },
    updatedBy: null,
    version: 1,
    role: null,
    title: `Survey ${n}`,
    projectName: 'Team Pulse',
    brandingImageUrl: null,
    state,
    generator: 'manual',
    responseCount: 0,
    questionCount: 3,
    ...DEFAULT_SURVEY_SETTINGS,
    defaultLanguage: 'en',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    creator: { id: `user-${n}`, name: `Creator ${n}`, email: `creator${n}@example.com` },
    ...over,
  };
};

/** The signed-in layout's part that matters here: the error banner. */
function BannerLayout() {
  return (
    <ErrorBannerProvider>
      <CurrentBanner />
      <Outlet />
    </ErrorBannerProvider>
  );
}
function CurrentBanner() {
  const { message } = useErrorBanner();
  return message ? <p data-testid="layout-banner">{message}</p> : null;
}

function renderDashboard(path = paths.admin.dashboard.getHref()) {
  const view = renderRoutes(
    [
      {
        element: <BannerLayout />,
        children: [
          { path: paths.admin.dashboard.path, Component: AdminDashboardPage },
          { path: paths.admin.surveyResults.path, element: <p>Results screen</p> },
        ],
      },
    ],
    { path, user: makeUser('admin') },
  );
  return { ...view, user: userEvent.setup({ delay: null }) };
}

describe('admin All Surveys screen', { timeout: 20_000 }, () => {
  it('lists every survey with its creator, project, state, date and question count, and opens results', async () => {
    const gone = summary('deleted', {
      title: 'Old poll',
      questionCount: 7,
      userId: 'user-42',
      creator: { id: 'user-42', name: 'Grace Creator', email: 'grace@example.com' },
    });
    stubServer({ 'GET /api/surveys': () => ({ status: 200, body: { surveys: [summary('active'), gone], total: 2 } }) });
    const { user, router } = renderDashboard();
    expect(await screen.findByRole('heading', { name: 'All Surveys', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Old poll/ });
    for (const text of ['Grace Creator', 'grace@example.com', 'user-42', 'Team Pulse', 'Deleted', 'Mar 1, 2026', '7']) {
      expect(row).toHaveTextContent(text);
    }
    expect(within(row).getByRole('button', { name: 'Restore Old poll' })).toBeVisible();
    expect(within(table).getAllByRole('button', { name: /^Restore/ })).toHaveLength(1);
    expect(screen.getByText('Showing 1–2 of 2 surveys')).toBeVisible();
    await user.click(within(row).getByRole('link', { name: 'View results of Old poll' }));
    expect(router.state.location.pathname).toBe(paths.admin.surveyResults.getHref(gone));
  });

  it('speaks German: headings, columns, dates and the count', async () => {
    await i18n.changeLanguage('de');
    const gone = summary('deleted', { title: 'Old poll' });
    stubServer({ 'GET /api/surveys': () => ({ status: 200, body: { surveys: [summary('active'), gone], total: 2 } }) });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Alle Umfragen', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Ersteller' })).toBeVisible();
    const row = within(table).getByRole('row', { name: /Old poll/ });
    expect(row).toHaveTextContent('1. März 2026');
    expect(within(row).getByRole('button', { name: 'Old poll wiederherstellen' })).toBeVisible();
    expect(screen.getByText('1–2 von 2 Umfragen')).toBeVisible();
  });

  it('speaks Arabic right to left, with its dual plural', async () => {
    await i18n.changeLanguage('ar');
    stubServer({
      'GET /api/surveys': () => ({
        status: 200,
        body: { surveys: [summary('active'), summary('draft', { surveyId: 's2' })], total: 2 },
      }),
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'جميع الاستطلاعات', level: 1 })).toBeVisible();
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByText(/من استطلاعين$/)).toBeVisible();
  });

  it('searches (debounced) and filters on the server, a page of 25 at a time', async () => {
    const sent = stubServer({
      'GET /api/surveys': (url) => ({
        status: 200,
        body: {
          surveys: Array.from({ length: url.searchParams.get('offset') === '25' ? 5 : 25 }, () => summary('draft')),
          total: 30,
        },
      }),
    });
    const { user, router } = renderDashboard();
    await screen.findByRole('table');
    const list = () => sent.filter((s) => s.call === 'GET /api/surveys').map((s) => s.url.searchParams.toString());
    expect(list()).toEqual(['limit=25&offset=0']);
    expect(screen.getByText('Showing 1–25 of 30 surveys')).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Showing 26–30 of 30 surveys');
    expect(router.state.location.search).toBe('?page=2');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    await waitFor(() => expect(list().at(-1)).toBe('limit=25&offset=0&q=ada'));
    // One request for the whole word, not one per key.
    expect(list().filter((q) => q.includes('q=a'))).toHaveLength(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'deleted');
    await waitFor(() => expect(list().at(-1)).toBe('limit=25&offset=0&q=ada&state=deleted'));
    expect(router.state.location.search).toBe('?q=ada&state=deleted');
  });

  it('takes the search typed so far with a state chosen before the search was applied, and keeps both', async () => {
    const sent = stubServer({ 'GET /api/surveys': () => ({ status: 200, body: { surveys: [], total: 0 } }) });
    const { user, router } = renderDashboard();
    await screen.findByText('No surveys yet');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'rita@example.com');
    // Chosen inside the search's pause: the typed search goes with the filter at once, no pending search left to land later.
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'deleted');
    expect(router.state.location.search).toBe('?q=rita%40example.com&state=deleted');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('deleted');
    await waitFor(() =>
      expect(
        sent
          .filter((s) => s.call === 'GET /api/surveys')
          .at(-1)
          ?.url.searchParams.toString(),
      ).toBe('limit=25&offset=0&q=rita%40example.com&state=deleted'),
    );
  });

  it('starts from the search and filter in the URL', async () => {
    const sent = stubServer({ 'GET /api/surveys': () => ({ status: 200, body: { surveys: [], total: 0 } }) });
    renderDashboard(`${paths.admin.dashboard.getHref()}?q=zebra&state=closed`);
    expect(await screen.findByRole('heading', { name: 'No surveys match' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('zebra');
    expect(sent.at(-1)?.url.searchParams.toString()).toBe('limit=25&offset=0&q=zebra&state=closed');
  });

  it('shows the last page when the address asks for one past the end', async () => {
    stubServer({
      'GET /api/surveys': (url) => ({
        status: 200,
        body: {
          surveys: url.searchParams.get('offset') === '25' ? Array.from({ length: 5 }, () => summary('draft')) : [],
          total: 30,
        },
      }),
    });
    renderDashboard(`${paths.admin.dashboard.getHref()}?page=9`);
    expect(await screen.findByText('Showing 26–30 of 30 surveys')).toBeVisible();
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('says so when there are no surveys at all', async () => {
    stubServer({ 'GET /api/surveys': () => ({ status: 200, body: { surveys: [], total: 0 } }) });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'No surveys yet' })).toBeVisible();
  });

  it('shows the error state and the banner when the list cannot be loaded', async () => {
    stubServer({ 'GET /api/surveys': () => ({ status: 500, body: { message: '', code: 'INTERNAL' } }) });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'The surveys could not be loaded' })).toBeVisible();
    expect(screen.getByTestId('layout-banner')).toHaveTextContent('Failed to fetch surveys');
    expect(screen.getByRole('button', { name: /Try again/ })).toBeVisible();
  });

  it('restores a deleted survey after confirmation, then refreshes the list', async () => {
    const gone = summary('deleted', { title: 'Old poll' });
    let restored = false;
    const sent = stubServer({
      'GET /api/surveys': () => ({
        status: 200,
        body: { surveys: [{ ...gone, state: restored ? 'draft' : 'deleted' }], total: 1 },
      }),
      [`PATCH /api/surveys/${gone.surveyId}/state`]: () => {
        restored = true;
        return {
          status: 200,
          body: { message: 'Survey restored', survey: { ...gone, state: 'draft', questions: [] } },
        };
      },
    });
    const { user } = renderDashboard();
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Restore Old poll' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog).toHaveTextContent('Restore this survey?');
    expect(dialog).toHaveTextContent('“Old poll” by Creator');
    await user.click(within(dialog).getByRole('button', { name: 'Restore', hidden: true }));
    await waitFor(() => expect(within(table).getByRole('row', { name: /Old poll/ })).toHaveTextContent('Draft'));
    expect(within(table).queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
    expect(sent.find((s) => s.call.startsWith('PATCH'))?.body).toEqual({ state: 'draft' });
  });

  it('shows the server message when a restore is refused', async () => {
    const gone = summary('deleted', { title: 'Old poll' });
    stubServer({
      'GET /api/surveys': () => ({ status: 200, body: { surveys: [gone], total: 1 } }),
      [`PATCH /api/surveys/${gone.surveyId}/state`]: () => ({
        status: 409,
        body: { message: 'Only deleted surveys can be restored', code: 'INVALID_TRANSITION' },
      }),
    });
    const { user } = renderDashboard();
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Restore Old poll' }));
    await user.click(
      within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Restore', hidden: true }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('layout-banner')).toHaveTextContent('Only deleted surveys can be restored'),
    );
  });
});
