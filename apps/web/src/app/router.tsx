import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { GuestOnly, RequireRole } from './guards';
import { NotFoundPage } from './pages/not-found-page';
import { PageLoading } from './pages/page-loading';
import { PlaceholderPage } from './pages/placeholder-page';
import { RouteErrorPage } from './pages/route-error-page';

/**
 * Every screen of section 2. Feature pages are loaded lazily, so each route ships only its
 * own code: the public survey never loads the editor or the charts.
 */
export const screens: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  {
    lazy: async () => {
      const { AuthLayout } = await import('./layouts/auth-layout');
      return {
        element: (
          <GuestOnly>
            <AuthLayout />
          </GuestOnly>
        ),
      };
    },
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('@/features/auth/components/login-page')).LoginPage }),
      },
      {
        path: '/register',
        lazy: async () => ({ Component: (await import('@/features/auth/components/register-page')).RegisterPage }),
      },
      {
        path: '/admin/login',
        lazy: async () => ({
          Component: (await import('@/features/admin/components/admin-login-page')).AdminLoginPage,
        }),
      },
    ],
  },
  {
    lazy: async () => ({ Component: (await import('./layouts/auth-layout')).AuthLayout }),
    children: [
      {
        path: '/verify/:token',
        lazy: async () => ({
          Component: (await import('@/features/auth/components/verify-email-page')).VerifyEmailPage,
        }),
      },
      {
        path: '/status',
        lazy: async () => ({ Component: (await import('@/features/health/components/status-page')).StatusPage }),
      },
    ],
  },
  {
    path: '/projects/:projectId/surveys/:surveyId',
    lazy: async () => ({
      Component: (await import('@/features/survey-runner/components/survey-runner-page')).SurveyRunnerPage,
    }),
  },
  {
    path: '/projects/:projectId/surveys/:surveyId/thank-you',
    lazy: async () => ({
      Component: (await import('@/features/survey-runner/components/thank-you-page')).ThankYouPage,
    }),
  },
  {
    path: '/admin',
    lazy: async () => {
      const { AppLayout } = await import('./layouts/app-layout');
      return {
        element: (
          <RequireRole role="admin">
            <AppLayout role="admin" />
          </RequireRole>
        ),
      };
    },
    children: [
      { index: true, element: <Navigate to="/admin/dashboard" replace /> },
      {
        path: 'dashboard',
        lazy: async () => ({
          Component: (await import('@/features/admin/components/admin-dashboard-page')).AdminDashboardPage,
        }),
      },
      {
        path: 'profile',
        lazy: async () => ({ Component: (await import('@/features/profile/components/profile-page')).ProfilePage }),
      },
      { path: 'surveys', element: <PlaceholderPage feature="Surveys" title="Surveys Overview" /> },
      { path: 'respondents', element: <PlaceholderPage feature="Respondents" title="Respondents Management" /> },
      { path: 'analytics', element: <PlaceholderPage feature="Analytics" title="Analytics Dashboard" /> },
      {
        path: 'surveys/:surveyId/results',
        lazy: async () => ({ Component: (await import('@/features/results/components/results-page')).ResultsPage }),
      },
      { path: '*', element: <NotFoundPage home="/admin/dashboard" /> },
    ],
  },
  {
    lazy: async () => {
      const { AppLayout } = await import('./layouts/app-layout');
      return {
        element: (
          <RequireRole role="user">
            <AppLayout role="user" />
          </RequireRole>
        ),
      };
    },
    children: [
      {
        path: '/dashboard',
        lazy: async () => ({
          Component: (await import('@/features/dashboard/components/dashboard-page')).DashboardPage,
        }),
      },
      {
        path: '/profile',
        lazy: async () => ({ Component: (await import('@/features/profile/components/profile-page')).ProfilePage }),
      },
      {
        path: '/surveys/create',
        lazy: async () => ({
          Component: (await import('@/features/survey-editor/components/survey-editor-page')).SurveyEditorPage,
        }),
      },
      {
        path: '/surveys/:surveyId/edit',
        lazy: async () => ({
          Component: (await import('@/features/survey-editor/components/survey-editor-page')).SurveyEditorPage,
        }),
      },
      {
        path: '/surveys/:surveyId/results',
        lazy: async () => ({ Component: (await import('@/features/results/components/results-page')).ResultsPage }),
      },
      { path: '/surveys', element: <PlaceholderPage feature="Surveys" title="Surveys" /> },
      { path: '/respondents', element: <PlaceholderPage feature="Respondents" title="Respondents" /> },
      { path: '/analytics', element: <PlaceholderPage feature="Analytics" title="Analytics" /> },
    ],
  },
  // Unknown paths outside /admin: inside the visitor's own frame (see NotFoundRoute).
  { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found-route')).NotFoundRoute }) },
];

/**
 * The shell around every screen: a loading indicator while the first screen's code arrives and a
 * calm error page (with Reload) if a screen fails to render or its code cannot be loaded.
 */
export const routes: RouteObject[] = [
  { hydrateFallbackElement: <PageLoading />, errorElement: <RouteErrorPage />, children: screens },
];

export const createRouter = () => createBrowserRouter(routes);
