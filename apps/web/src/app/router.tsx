import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { GuestOnly, RequireRole, RequireSignedIn } from './guards';
import { NotFoundPage } from './pages/not-found-page';
import { PageLoading } from './pages/page-loading';
import { PlaceholderPage } from './pages/placeholder-page';
import { RouteErrorPage } from './pages/route-error-page';

/**
 * Every screen, at its address in the route table (config/paths.ts). Feature pages are loaded
 * lazily, so each route ships only its own code: the public survey never loads the editor or the charts.
 */
export const screens: RouteObject[] = [
  { path: paths.home.path, element: <Navigate to={paths.auth.login.getHref()} replace /> },
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
        path: paths.auth.login.path,
        lazy: async () => ({ Component: (await import('@/features/auth/components/login-page')).LoginPage }),
      },
      {
        path: paths.auth.register.path,
        lazy: async () => ({ Component: (await import('@/features/auth/components/register-page')).RegisterPage }),
      },
      {
        path: paths.auth.adminLogin.path,
        lazy: async () => ({
          Component: (await import('@/features/admin/components/admin-login-page')).AdminLoginPage,
        }),
      },
      {
        path: paths.auth.ssoComplete.path,
        lazy: async () => ({
          Component: (await import('@/features/auth/components/sso-complete-page')).SsoCompletePage,
        }),
      },
      {
        path: paths.auth.adminSsoComplete.path,
        lazy: async () => ({
          Component: (await import('@/features/admin/components/admin-sso-complete-page')).AdminSsoCompletePage,
        }),
      },
      {
        path: paths.auth.forgotPassword.path,
        lazy: async () => ({
          Component: (await import('@/features/auth/components/forgot-password-page')).ForgotPasswordPage,
        }),
      },
    ],
  },
  {
    lazy: async () => ({ Component: (await import('./layouts/auth-layout')).AuthLayout }),
    children: [
      {
        path: paths.auth.verifyEmail.path,
        lazy: async () => ({
          Component: (await import('@/features/auth/components/verify-email-page')).VerifyEmailPage,
        }),
      },
      {
        path: paths.auth.resetPassword.path,
        lazy: async () => ({
          Component: (await import('@/features/auth/components/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        // Anyone with a notification mail's link, signed in or not.
        path: paths.notifications.unsubscribe.path,
        lazy: async () => ({
          Component: (await import('@/features/notifications/components/unsubscribe-page')).UnsubscribePage,
        }),
      },
      {
        // Anyone with an invitation mail's link, signed in or not.
        path: paths.invitation.path,
        lazy: async () => ({
          Component: (await import('@/features/workspaces/components/invitation-page')).InvitationPage,
        }),
      },
      {
        path: paths.status.path,
        lazy: async () => ({ Component: (await import('@/features/health/components/status-page')).StatusPage }),
      },
    ],
  },
  {
    path: paths.publicSurvey.survey.path,
    lazy: async () => ({
      Component: (await import('@/features/survey-runner/components/survey-runner-page')).SurveyRunnerPage,
    }),
  },
  {
    path: paths.publicSurvey.thankYou.path,
    lazy: async () => ({
      Component: (await import('@/features/survey-runner/components/thank-you-page')).ThankYouPage,
    }),
  },
  {
    // Anyone with the link, signed in or not, without the app's frame: a survey's results, read-only.
    path: paths.sharedResults.path,
    lazy: async () => ({
      Component: (await import('@/features/shared-results/components/shared-results-page')).SharedResultsPage,
    }),
  },
  {
    // Either role (an owner or an administrator), without the app's sidebar: the survey as respondents see it.
    path: paths.surveyPreview.path,
    lazy: async () => {
      const { SurveyPreviewPage } = await import('@/features/survey-runner/components/survey-preview-page');
      return {
        element: (
          <RequireSignedIn>
            <SurveyPreviewPage />
          </RequireSignedIn>
        ),
      };
    },
  },
  {
    path: paths.admin.root.path,
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
      { index: true, element: <Navigate to={paths.admin.dashboard.getHref()} replace /> },
      {
        path: paths.admin.dashboard.path,
        lazy: async () => ({
          Component: (await import('@/features/admin/components/admin-dashboard-page')).AdminDashboardPage,
        }),
      },
      {
        path: paths.admin.profile.path,
        lazy: async () => ({ Component: (await import('@/features/profile/components/profile-page')).ProfilePage }),
      },
      { path: paths.admin.surveys.path, element: <PlaceholderPage feature="surveys" admin /> },
      {
        path: paths.admin.respondents.path,
        element: <PlaceholderPage feature="respondents" admin />,
      },
      {
        path: paths.admin.analytics.path,
        element: <PlaceholderPage feature="analytics" admin />,
      },
      {
        path: paths.admin.surveyResults.path,
        lazy: async () => ({ Component: (await import('@/features/results/components/results-page')).ResultsPage }),
      },
      {
        path: paths.admin.audit.path,
        lazy: async () => ({ Component: (await import('@/features/admin/components/audit-log-page')).AuditLogPage }),
      },
      { path: '*', element: <NotFoundPage home={paths.admin.dashboard.getHref()} /> },
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
        path: paths.user.dashboard.path,
        lazy: async () => ({
          Component: (await import('@/features/dashboard/components/dashboard-page')).DashboardPage,
        }),
      },
      {
        path: paths.user.profile.path,
        lazy: async () => ({ Component: (await import('@/features/profile/components/profile-page')).ProfilePage }),
      },
      {
        path: paths.user.createSurvey.path,
        lazy: async () => ({
          Component: (await import('@/features/survey-editor/components/survey-editor-page')).SurveyEditorPage,
        }),
      },
      {
        path: paths.user.editSurvey.path,
        lazy: async () => ({
          Component: (await import('@/features/survey-editor/components/survey-editor-page')).SurveyEditorPage,
        }),
      },
      {
        path: paths.user.surveyResults.path,
        lazy: async () => ({ Component: (await import('./pages/survey-results-page')).SurveyResultsPage }),
      },
      {
        path: paths.user.workspace.path,
        lazy: async () => ({
          Component: (await import('@/features/workspaces/components/workspace-settings-page')).WorkspaceSettingsPage,
        }),
      },
      { path: paths.user.surveys.path, element: <PlaceholderPage feature="surveys" /> },
      { path: paths.user.respondents.path, element: <PlaceholderPage feature="respondents" /> },
      { path: paths.user.analytics.path, element: <PlaceholderPage feature="analytics" /> },
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
