import { describe, expect, it } from 'vitest';
import { areaPaths, loginPath, matchRoute, paths } from './paths';

// The one place the product's addresses are written out: everything else names them.
describe('the route table', () => {
  it('has the product’s addresses', () => {
    const ids = { surveyId: 's 1', projectId: 'p' };
    expect({
      home: paths.home.getHref(),
      login: paths.auth.login.getHref(),
      adminLogin: paths.auth.adminLogin.getHref(),
      register: paths.auth.register.getHref(),
      verify: paths.auth.verifyEmail.getHref({ token: 'a/b' }),
      survey: paths.publicSurvey.survey.getHref(ids),
      thankYou: paths.publicSurvey.thankYou.getHref(ids),
      dashboard: paths.user.dashboard.getHref(),
      create: paths.user.createSurvey.getHref(),
      edit: paths.user.editSurvey.getHref(ids),
      results: paths.user.surveyResults.getHref(ids),
      adminDashboard: paths.admin.dashboard.getHref(),
      adminResults: paths.admin.surveyResults.getHref(ids),
      preview: paths.surveyPreview.getHref(ids),
      sharedResults: paths.sharedResults.getHref({ token: 'a/b c' }),
    }).toEqual({
      home: '/',
      login: '/login',
      adminLogin: '/admin/login',
      register: '/register',
      verify: '/verify/a%2Fb',
      survey: '/projects/p/surveys/s%201',
      thankYou: '/projects/p/surveys/s%201/thank-you',
      dashboard: '/dashboard',
      create: '/surveys/create',
      edit: '/surveys/s%201/edit',
      results: '/surveys/s%201/results',
      adminDashboard: '/admin/dashboard',
      adminResults: '/admin/surveys/s%201/results',
      preview: '/surveys/s%201/preview',
      sharedResults: '/shared/results/a%2Fb%20c',
    });
  });

  it('prefixes the administrators’ area with /admin, screen for screen', () => {
    const screens = ['dashboard', 'profile', 'surveys', 'respondents', 'analytics'] as const;
    expect(screens.map((s) => areaPaths('user')[s].getHref())).toEqual(screens.map((s) => `/${s}`));
    expect(screens.map((s) => areaPaths('admin')[s].getHref())).toEqual(screens.map((s) => `/admin/${s}`));
    expect([loginPath('user'), loginPath('admin')]).toEqual(['/login', '/admin/login']);
  });

  it('reads the parameters back from an address', () => {
    expect(matchRoute(paths.user.editSurvey, '/surveys/s%201/edit')).toEqual({ surveyId: 's 1' });
    expect(matchRoute(paths.user.editSurvey, '/surveys/s/edit/')).toEqual({ surveyId: 's' });
    expect(matchRoute(paths.user.editSurvey, '/surveys/s/results')).toBeNull();
    expect(matchRoute(paths.auth.login, '/login')).toEqual({});
    expect(matchRoute(paths.sharedResults, '/shared/results/tok_1')).toEqual({ token: 'tok_1' });
  });
});
