import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import type { AuthUser } from '@quorum/contract';
import { SurveyEditorPage } from '@/features/survey-editor/components/survey-editor-page';
import { ErrorBannerProvider } from '@/lib/error-banner';
import { paths } from '@/config/paths';
import { renderRoutes } from './render-shell';

/**
 * The survey editor at `entry` in a data router (as the app has it: the unsaved-changes guard needs one), with
 * the dashboard as a plain page to leave to; signed in as `user` when given (edits are kept per account).
 */
export function renderEditorAt(entry: string | { pathname: string; state: unknown }, user?: AuthUser) {
  const routes = [
    {
      element: (
        <ErrorBannerProvider>
          <Outlet />
        </ErrorBannerProvider>
      ),
      children: [
        { path: paths.user.createSurvey.path, element: <SurveyEditorPage /> },
        { path: paths.user.editSurvey.path, element: <SurveyEditorPage /> },
        { path: paths.user.dashboard.path, element: <h1>Dashboard page</h1> },
      ],
    },
  ];
  const rendered = renderRoutes(routes, { path: entry, ...(user ? { user } : {}) });
  return { view: rendered, router: rendered.router, user: userEvent.setup() };
}
