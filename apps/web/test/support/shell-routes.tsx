import type { RouteObject } from 'react-router';
import { GuestOnly, RequireRole } from '@/app/guards';
import { AppLayout } from '@/app/layouts/app-layout';
import { AuthLayout } from '@/app/layouts/auth-layout';
import { NotFoundPage } from '@/app/pages/not-found-page';
import { NotFoundRoute } from '@/app/pages/not-found-route';
import { PlaceholderPage } from '@/app/pages/placeholder-page';
import { useErrorBanner } from '@/lib/error-banner';
import { paths } from '@/config/paths';

function Page({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

/** A page that raises an error banner, as the dashboard does when its fetch fails. */
function FailingPage() {
  const { showError } = useErrorBanner();
  return (
    <>
      <h1>Failing page</h1>
      <button type="button" onClick={() => showError('Failed to fetch surveys')}>
        Fail
      </button>
      <button type="button" onClick={() => showError('Failed to update survey state')}>
        Fail again
      </button>
    </>
  );
}

/**
 * The shell exactly as the router composes it (guards, layouts, placeholders, 404), with simple
 * pages standing in for the features' screens.
 */
export function shellRoutes(): RouteObject[] {
  return [
    {
      element: (
        <GuestOnly>
          <AuthLayout />
        </GuestOnly>
      ),
      children: [
        { path: paths.auth.login.path, element: <Page title="User login" /> },
        { path: paths.auth.adminLogin.path, element: <Page title="Admin login" /> },
      ],
    },
    {
      path: paths.admin.root.path,
      element: (
        <RequireRole role="admin">
          <AppLayout role="admin" />
        </RequireRole>
      ),
      children: [
        { path: 'dashboard', element: <Page title="Admin dashboard" /> },
        { path: 'profile', element: <Page title="Admin profile" /> },
        { path: 'surveys', element: <PlaceholderPage feature="surveys" admin /> },
        { path: 'respondents', element: <PlaceholderPage feature="respondents" admin /> },
        { path: 'analytics', element: <PlaceholderPage feature="analytics" admin /> },
        { path: '*', element: <NotFoundPage home="/admin/dashboard" /> },
      ],
    },
    {
      element: (
        <RequireRole role="user">
          <AppLayout role="user" />
        </RequireRole>
      ),
      children: [
        { path: paths.user.dashboard.path, element: <Page title="User dashboard" /> },
        { path: paths.user.profile.path, element: <Page title="User profile" /> },
        { path: paths.user.surveys.path, element: <PlaceholderPage feature="surveys" /> },
        { path: paths.user.respondents.path, element: <PlaceholderPage feature="respondents" /> },
        { path: paths.user.analytics.path, element: <PlaceholderPage feature="analytics" /> },
        { path: '/failing', element: <FailingPage /> },
      ],
    },
    { path: '*', element: <NotFoundRoute /> },
  ];
}
