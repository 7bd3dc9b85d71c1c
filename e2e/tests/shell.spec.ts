import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAdmin, signInNewUser } from '../support/accounts';
import { areaPaths, atPath, homePath, loginPath, paths } from '../support/paths';

/** The sidebar: label and the screen it opens, in either area. */
const NAV = [
  { label: 'Dashboard', screen: 'dashboard' },
  { label: 'Surveys', screen: 'surveys' },
  { label: 'Respondents', screen: 'respondents' },
  { label: 'Analytics', screen: 'analytics' },
  { label: 'Settings', screen: 'profile' },
] as const;

/** The sidebar's links in tab order: administrators have the Audit Log before Settings. */
function tabOrder(area: 'user' | 'admin'): string[] {
  const labels: string[] = NAV.map((item) => item.label);
  if (area === 'admin') labels.splice(labels.indexOf('Settings'), 0, 'Audit Log');
  return labels;
}

/** What each placeholder shows ("{feature} Coming Soon!"), by area. */
const PLACEHOLDERS = {
  user: [
    { path: paths.user.surveys.getHref(), title: 'Surveys', feature: 'Surveys' },
    { path: paths.user.respondents.getHref(), title: 'Respondents', feature: 'Respondents' },
    { path: paths.user.analytics.getHref(), title: 'Analytics', feature: 'Analytics' },
  ],
  admin: [
    { path: paths.admin.surveys.getHref(), title: 'Surveys Overview', feature: 'Surveys' },
    { path: paths.admin.respondents.getHref(), title: 'Respondents Management', feature: 'Respondents' },
    { path: paths.admin.analytics.getHref(), title: 'Analytics Dashboard', feature: 'Analytics' },
  ],
} as const;

const COMING_SOON_TEXT = "We're working hard to bring you this feature. Stay tuned for updates!";
const NOT_FOUND_TEXT = "The page you are looking for doesn't exist or has been moved.";

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const navLink = (page: Page, label: string) => sidebar(page).getByRole('link', { name: label, exact: true });

/** The frame is ready: the sidebar is shown and the session verified. */
async function frameReady(page: Page) {
  await expect(sidebar(page)).toBeVisible();
}

/** Only the link of the current page carries aria-current="page". */
async function expectCurrent(page: Page, label: string) {
  for (const item of NAV) {
    const link = navLink(page, item.label);
    if (item.label === label) await expect(link).toHaveAttribute('aria-current', 'page');
    else await expect(link).not.toHaveAttribute('aria-current', /.+/);
  }
}

/** Checks the screen a sidebar item opens (placeholder texts and titles, or the feature's own page). */
async function expectScreen(page: Page, area: 'user' | 'admin', label: string) {
  const placeholder = PLACEHOLDERS[area].find((p) => p.feature === label);
  if (placeholder) {
    await expect(page.getByRole('heading', { level: 1, name: placeholder.title, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: `${placeholder.feature} Coming Soon!` })).toBeVisible();
    await expect(page.getByText(COMING_SOON_TEXT)).toBeVisible();
    await expect(page).toHaveTitle(`${placeholder.title} · Quorum`);
  } else {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
}

/** Presses Tab (or Shift+Tab) until `target` has focus (at most `max` times); returns how many presses it took. */
async function tabTo(page: Page, target: Locator, max = 25, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused element shows a visible focus ring. */
async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

/** Records every path the page's main frame passes through, client-side redirects included. */
function recordPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (paths.at(-1) !== path) paths.push(path);
  });
  return paths;
}

/** Opens `from`, a screen of the other area, and expects to pass its login page `via` on the way to `home`. */
async function expectSentHome(page: Page, from: string, via: string, home: string) {
  const visited = recordPaths(page);
  await page.goto(from);
  await expect(page).toHaveURL(atPath(home));
  expect(visited).toEqual([from, via, home]);
}

for (const area of ['user', 'admin'] as const) {
  const signIn = area === 'user' ? signInNewUser : signInAdmin;
  const home = homePath(area);

  test.describe(`${area} area`, () => {
    test('navigation by mouse: every sidebar item, the current page marked, name and Logout in the top bar', async ({
      page,
      request,
    }) => {
      const account = await signIn(page, request);
      await page.goto(home);
      await frameReady(page);
      const banner = page.getByRole('banner');
      await expect(banner).toContainText(account.user.name);
      await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expectCurrent(page, 'Dashboard');

      for (const item of [...NAV.slice(1), NAV[0]]) {
        await navLink(page, item.label).click();
        await expect(page).toHaveURL(atPath(areaPaths(area)[item.screen].getHref()));
        await expectCurrent(page, item.label);
        await expectScreen(page, area, item.label);
      }

      await page.getByRole('link', { name: 'Quorum home' }).click();
      await expect(page).toHaveURL(atPath(home));

      await banner.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(atPath(loginPath(area)));
      expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userData')])).toEqual([
        null,
        null,
      ]);
      // The area is closed again after logout: opening it asks for a login that returns there.
      await page.goto(home);
      await expect(page).toHaveURL(atPath(`${loginPath(area)}?next=${encodeURIComponent(home)}`));
    });

    test('navigation by keyboard: skip link, tab order, Enter on sidebar links, visible focus', async ({
      page,
      request,
    }) => {
      await signIn(page, request);
      await page.goto(home);
      await frameReady(page);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();

      // From the top: logo, the language menu, Logout, then the sidebar in order.
      await page.goto(home);
      await frameReady(page);
      const presses = await tabTo(page, navLink(page, 'Dashboard'));
      expect(presses).toBe(6); // skip link, logo, language, Theme, Logout, Dashboard
      await expectFocusRing(navLink(page, 'Dashboard'));
      for (const label of tabOrder(area).slice(1)) {
        await page.keyboard.press('Tab');
        await expectFocusRing(navLink(page, label));
      }

      for (const item of [NAV[1], NAV[3], NAV[4], NAV[0]]) {
        await navLink(page, item.label).focus();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(atPath(areaPaths(area)[item.screen].getHref()));
        await expectCurrent(page, item.label);
        await expectScreen(page, area, item.label);
      }

      // Back from the sidebar to the top bar (the page content may hold any number of controls).
      expect(await tabTo(page, page.getByRole('button', { name: 'Logout' }), 5, 'Shift+Tab')).toBe(1);
      await expectFocusRing(page.getByRole('button', { name: 'Logout' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(atPath(loginPath(area)));
    });

    test('unknown paths show the 404 page inside the area, with a link home', async ({ page, request }) => {
      await signIn(page, request);
      const unknown = area === 'user' ? '/surveys/not-a-survey/nothing-here' : '/admin/nothing-here';
      await page.goto(unknown);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
      await expect(page).toHaveTitle('Page Not Found · Quorum');
      await expect(sidebar(page)).toBeVisible();
      await page.getByRole('link', { name: 'Go back home' }).click();
      await expect(page).toHaveURL(atPath(home));
    });
  });
}

test.describe('narrow screens (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sidebar becomes a menu: button with aria-expanded, focus moves in, Escape and navigation close it', async ({
    page,
    request,
  }, testInfo) => {
    await signInNewUser(page, request);
    await page.goto(paths.user.dashboard.getHref());
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page)).toBeHidden();
    await expect(page.getByRole('heading', { name: 'My Surveys' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
    // Nothing sticks out sideways at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath('dashboard-375-menu-closed.png'), fullPage: false });

    // Mouse: open, then close by Escape.
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const controls = await menu.getAttribute('aria-controls');
    expect(await sidebar(page).getAttribute('id')).toBe(controls);
    await expect(sidebar(page)).toBeVisible();
    await expect(navLink(page, 'Dashboard')).toBeFocused();
    await expect(navLink(page, 'Dashboard')).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: testInfo.outputPath('dashboard-375-menu-open.png'), fullPage: false });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page)).toBeHidden();
    await expect(menu).toBeFocused();

    // Keyboard: Enter opens, Tab walks the links, Enter follows one and closes the menu.
    await page.keyboard.press('Enter');
    await expect(sidebar(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(navLink(page, 'Surveys')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(atPath(paths.user.surveys.getHref()));
    await expect(page.getByRole('heading', { name: 'Surveys Coming Soon!' })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('main')).toBeFocused();

    // Mouse: a link closes it too; a tap outside closes it.
    await menu.click();
    await navLink(page, 'Settings').click();
    await expect(page).toHaveURL(atPath(paths.user.profile.getHref()));
    await expect(sidebar(page)).toBeHidden();
    await menu.click();
    await expect(sidebar(page)).toBeVisible();
    await page.mouse.click(360, 500);
    await expect(sidebar(page)).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // Back and forward close it as well.
    await menu.click();
    await page.goBack();
    await expect(page).toHaveURL(atPath(paths.user.surveys.getHref()));
    await expect(sidebar(page)).toBeHidden();
  });

  test('a long name is cut short at 360 px and nothing overflows sideways', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const name = 'Maximilian Alexander Featherstonehaugh-Worthington';
    await signInNewUser(page, request, { name });
    await page.goto(paths.user.surveys.getHref());
    const shownName = page.getByRole('banner').getByText(name);
    await expect(shownName).toBeVisible();
    await expect(shownName).toHaveAttribute('title', name);
    expect(await shownName.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Menu' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('the admin menu works the same way', async ({ page, request }, testInfo) => {
    await signInAdmin(page, request);
    await page.goto(paths.admin.dashboard.getHref());
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('admin-dashboard-375.png') });
    await menu.click();
    await navLink(page, 'Analytics').click();
    await expect(page).toHaveURL(atPath(paths.admin.analytics.getHref()));
    await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
  });
});

test('screenshot of the dashboard frame at 1280 px', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInNewUser(page, request, { name: 'Erin Example' });
  await page.goto(paths.user.dashboard.getHref());
  await frameReady(page);
  await expect(page.getByRole('heading', { name: 'My Surveys' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), fullPage: false });
  await page.goto(paths.user.surveys.getHref());
  await expect(page.getByRole('heading', { name: 'Surveys Coming Soon!' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('placeholder-1280.png'), fullPage: false });
  await page.goto('/surveys/nothing/here');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('not-found-in-area-1280.png'), fullPage: false });
});

test('screenshot of the admin frame at 1280 px', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdmin(page, request);
  await page.goto(paths.admin.dashboard.getHref());
  await frameReady(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-dashboard-1280.png'), fullPage: false });
});

test.describe('role redirects', () => {
  test('signed-out visitors are sent to the login page of the area, which returns them to the page asked for', async ({
    page,
  }) => {
    const returning = (login: string, path: string) => `${login}?next=${encodeURIComponent(path)}`;
    for (const [path, login] of [
      [paths.user.dashboard.getHref(), returning(paths.auth.login.getHref(), paths.user.dashboard.getHref())],
      [paths.user.createSurvey.getHref(), returning(paths.auth.login.getHref(), paths.user.createSurvey.getHref())],
      [paths.user.profile.getHref(), returning(paths.auth.login.getHref(), paths.user.profile.getHref())],
      [paths.admin.dashboard.getHref(), returning(paths.auth.adminLogin.getHref(), paths.admin.dashboard.getHref())],
      [paths.admin.surveys.getHref(), returning(paths.auth.adminLogin.getHref(), paths.admin.surveys.getHref())],
      [paths.admin.profile.getHref(), returning(paths.auth.adminLogin.getHref(), paths.admin.profile.getHref())],
      [paths.home.getHref(), paths.auth.login.getHref()],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(atPath(login));
      await expect(sidebar(page)).toHaveCount(0);
    }
  });

  test('a user opening an admin screen goes to the admin login and, being signed in, on to their own dashboard', async ({
    page,
    request,
  }) => {
    await signInNewUser(page, request);
    await expectSentHome(
      page,
      paths.admin.dashboard.getHref(),
      paths.auth.adminLogin.getHref(),
      paths.user.dashboard.getHref(),
    );
    await expect(page).not.toHaveURL(/\/admin\//);
    await expect(navLink(page, 'Dashboard')).toHaveAttribute('href', paths.user.dashboard.getHref());
    expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('user');
    // The admin API refuses the user's token as well.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await request.get('/api/admin/auth/verify-admin-token', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBeGreaterThanOrEqual(401);
    expect(res.status()).toBeLessThanOrEqual(403);
  });

  test('an admin opening a user screen goes to the user login and, being signed in, on to the admin dashboard', async ({
    page,
    request,
  }) => {
    await signInAdmin(page, request);
    await expectSentHome(
      page,
      paths.user.dashboard.getHref(),
      paths.auth.login.getHref(),
      paths.admin.dashboard.getHref(),
    );
    await page.goto(paths.user.createSurvey.getHref());
    await expect(page).toHaveURL(atPath(paths.admin.dashboard.getHref()));
  });

  test('signed-in visitors opening a login page go to their dashboard', async ({ browser, request, baseURL }) => {
    const userContext = await browser.newContext({ baseURL });
    const userPage = await userContext.newPage();
    await signInNewUser(userPage, request);
    for (const path of [paths.auth.login.getHref(), paths.auth.register.getHref(), paths.auth.adminLogin.getHref()]) {
      await userPage.goto(path);
      await expect(userPage).toHaveURL(atPath(paths.user.dashboard.getHref()));
      await expect(userPage).not.toHaveURL(/\/admin\//);
    }
    await userContext.close();

    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await signInAdmin(adminPage, request);
    for (const path of [paths.auth.adminLogin.getHref(), paths.auth.login.getHref(), paths.auth.register.getHref()]) {
      await adminPage.goto(path);
      await expect(adminPage).toHaveURL(atPath(paths.admin.dashboard.getHref()));
    }
    await adminContext.close();
  });

  test('the guard shows "Loading..." while the stored session is verified', async ({ page, request }) => {
    await signInNewUser(page, request);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The real server answers; its answer is only held back, like on a slow network.
    await page.route('**/api/user/auth/verify-user-token', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(paths.user.dashboard.getHref());
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    release();
    await frameReady(page);
    await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
  });
});

test('the 404 page outside the areas, for a signed-out visitor', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Quorum. All rights reserved.');
  await expect(sidebar(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(atPath(paths.auth.login.getHref()));
});

test('an error banner disappears after 5 seconds, closes with its button, and navigation clears it', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request);
  await page.goto(paths.user.surveys.getHref());
  await frameReady(page);
  // The survey list cannot be reached (the connection is refused): the dashboard raises its error.
  await page.route('**/api/surveys?*', (route) => route.abort('connectionrefused'));
  // Timestamps in the browser: when the alert appears and when it goes.
  await page.evaluate(() => {
    const w = window as unknown as { bannerTimes: number[] };
    w.bannerTimes = [];
    let shown = false;
    new MutationObserver(() => {
      const now = Boolean(document.querySelector('[role="alert"]'));
      if (now !== shown) {
        shown = now;
        w.bannerTimes.push(performance.now());
      }
    }).observe(document.body, { childList: true, subtree: true });
  });

  await navLink(page, 'Dashboard').click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Failed to fetch surveys', { timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('error-banner-1280.png') });
  await expect(alert).toBeHidden({ timeout: 8_000 });
  const times = await page.evaluate(() => (window as unknown as { bannerTimes: number[] }).bannerTimes);
  expect(times).toHaveLength(2);
  const shownFor = times[1]! - times[0]!;
  expect(shownFor).toBeGreaterThanOrEqual(4_900);
  expect(shownFor).toBeLessThan(5_800);

  // Raised again: the close button dismisses it at once.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toHaveText('Failed to fetch surveys', { timeout: 15_000 });
  await alert.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(alert).toHaveCount(0);

  // Raised again: navigating clears it.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toHaveText('Failed to fetch surveys', { timeout: 15_000 });
  await navLink(page, 'Respondents').click();
  await expect(page.getByRole('heading', { name: 'Respondents Coming Soon!' })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test.describe('accessibility (axe-core)', () => {
  async function scan(page: Page, label: string) {
    const results = await new AxeBuilder({ page }).analyze();
    const summary = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(summary, `axe violations on ${label}`).toEqual([]);
  }

  test('signed-out screens: login, register, admin login, 404', async ({ browser, baseURL }, testInfo) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    for (const [path, heading] of [
      [paths.auth.login.getHref(), /login/i],
      [paths.auth.register.getHref(), /register|create.*account|sign up/i],
      [paths.auth.adminLogin.getHref(), 'Admin Login'],
      ['/no/such/page', 'Page Not Found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await scan(page, path);
    }
    await page.screenshot({ path: testInfo.outputPath('not-found-signed-out-1280.png') });
    await page.goto(paths.auth.login.getHref());
    await page.screenshot({ path: testInfo.outputPath('login-1280.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: testInfo.outputPath('login-375.png') });
    await context.close();
  });

  for (const area of ['user', 'admin'] as const) {
    test(`${area} area: dashboard frame, placeholders, profile, 404, and the open menu at 375 px`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      if (area === 'user') await signInNewUser(page, request);
      else await signInAdmin(page, request);
      const screens = [
        homePath(area),
        ...PLACEHOLDERS[area].map((p) => p.path),
        areaPaths(area).profile.getHref(),
        area === 'user' ? '/no/such/page' : '/admin/no/such/page',
      ];
      for (const path of screens) {
        await page.goto(path);
        await frameReady(page);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await scan(page, path);
      }
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(homePath(area));
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(sidebar(page)).toBeVisible();
      await scan(page, `${homePath(area)} with the menu open`);
      await context.close();
    });
  }
});
