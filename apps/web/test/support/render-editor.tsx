import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { SurveyEditorPage } from '@/features/survey-editor/components/survey-editor-page';
import { ErrorBannerProvider } from '@/lib/error-banner';
import { SessionProvider } from '@/lib/session';
import { paths } from '@/config/paths';

/**
 * The survey editor at `entry` in a data router (as the app has it: the unsaved-changes guard needs one), with
 * the dashboard as a plain page to leave to.
 */
export function renderEditorAt(entry: string | { pathname: string; state: unknown }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
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
    ],
    { initialEntries: [entry] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { view, router, user: userEvent.setup() };
}
