import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  ChartColumn,
  ClipboardList,
  LayoutDashboard,
  LogOut,
  Menu,
  ScrollText,
  Settings,
  Users,
  X,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserType } from '@quorum/contract';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LanguageMenu } from '@/components/language-menu';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Logo } from '@/components/ui/logo';
import { ThemeMenu } from '@/components/theme-menu';
import { ErrorBannerProvider, useErrorBanner } from '@/lib/error-banner';
import { areaPaths, homePath, loginPath, paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useLogout } from '@/features/auth/api/logout';

/** The sidebar: the same screens in both areas (the administrators' under /admin); Settings opens the profile. */
const NAV = [
  { to: 'dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { to: 'surveys', label: 'nav.surveys', icon: ClipboardList },
  { to: 'respondents', label: 'nav.respondents', icon: Users },
  { to: 'analytics', label: 'nav.analytics', icon: ChartColumn },
  { to: 'profile', label: 'nav.settings', icon: Settings },
] as const;

/** Screens of the administrators' area alone, listed before Settings. */
const ADMIN_NAV = [
  { to: 'audit', label: 'nav.auditLog', icon: ScrollText, href: paths.admin.audit.getHref() },
] as const;

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The signed-in frame of both areas: a skip link, the top bar (logo, the user's name, Logout), the
 * sidebar (a toggleable menu below 768 px), the one place error banners show, and the page.
 * `children` replaces the routed page (the 404 outside the areas uses it).
 */
export function AppLayout({ role, children }: { role: UserType; children?: ReactNode }) {
  return (
    <ErrorBannerProvider>
      <Frame role={role}>{children ?? <Outlet />}</Frame>
    </ErrorBannerProvider>
  );
}

function Frame({ role, children }: { role: UserType; children: ReactNode }) {
  const { t } = useTranslation('common');
  const { state, signOut } = useSession();
  const serverLogout = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const busy = useNavigation().state !== 'idle';
  const navId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const main = useRef<HTMLElement>(null);

  const area = areaPaths(role);
  const navItems = [
    ...NAV.slice(0, -1).map((item) => ({ ...item, href: area[item.to].getHref() })),
    ...(role === 'admin' ? ADMIN_NAV : []),
    ...NAV.slice(-1).map((item) => ({ ...item, href: area[item.to].getHref() })),
  ];
  const name = (state.status === 'signed-in' && state.session.user.name?.trim()) || t('appLayout.defaultUserName');

  // The menu closes on navigation (back/forward and links in the page included).
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (pathname !== menuPathname) {
    setMenuPathname(pathname);
    setMenuOpen(false);
  }

  // Opening the menu moves focus to its first link; Escape closes it and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    nav.current?.querySelector('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = (focus: 'button' | 'main') => {
    setMenuOpen(false);
    (focus === 'button' ? menuButton.current : main.current)?.focus({ preventScroll: focus === 'main' });
  };

  // Tabbing out of the open menu closes it, so focus never lands on content hidden behind the backdrop.
  const onNavBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (!menuOpen || !(next instanceof Node)) return;
    if (nav.current?.contains(next) || menuButton.current?.contains(next)) return;
    setMenuOpen(false);
  };

  // The server revokes the token first; when that fails (offline, a server error), this browser signs out anyway.
  const logout = async () => {
    await serverLogout.mutateAsync(role).catch(() => undefined);
    signOut();
    await navigate(loginPath(role));
    queryClient.clear();
  };

  return (
    <Collapsible asChild open={menuOpen} onOpenChange={setMenuOpen}>
      <div className="min-h-screen bg-slate-50">
        <a
          href={`#${MAIN_CONTENT_ID}`}
          onClick={(event) => {
            event.preventDefault();
            main.current?.focus();
          }}
          className="sr-only rounded-control bg-white px-4 py-2 text-sm font-medium text-accent-700 shadow-popover focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50"
        >
          {t('appLayout.skipToMain')}
        </a>

        <header className="sticky top-0 z-30 h-topbar border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
          <div className="flex h-full items-center gap-2 px-3 sm:gap-3 sm:px-6">
            <CollapsibleTrigger
              ref={menuButton}
              // The sidebar is always there (wide screens show it), so the button always names it.
              aria-controls={navId}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-control text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 md:hidden"
            >
              {menuOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
              <span className="sr-only">{t('appLayout.menu')}</span>
            </CollapsibleTrigger>
            <Link
              to={homePath(role)}
              aria-label={t('appLayout.home')}
              className="inline-flex shrink-0 items-center rounded-control"
            >
              <span className="inline-flex sm:hidden">
                <Logo withWord={false} />
              </span>
              <span className="hidden sm:inline-flex">
                <Logo />
              </span>
            </Link>
            {role === 'admin' && <Badge tone="accent">{t('appLayout.admin')}</Badge>}
            <div className="ms-auto flex min-w-0 items-center gap-2 sm:gap-4">
              <LanguageMenu compact />
              <ThemeMenu />
              <div className="flex min-w-0 items-center gap-2.5">
                <span
                  aria-hidden="true"
                  className="hidden size-8 shrink-0 items-center justify-center rounded-full bg-accent-100 text-xs font-semibold text-accent-800 sm:flex"
                >
                  {initials(name)}
                </span>
                <span
                  className="max-w-[9rem] truncate text-sm font-medium text-slate-800 sm:max-w-[16rem]"
                  title={name}
                >
                  {name}
                </span>
              </div>
              <Button variant="secondary" size="sm" loading={serverLogout.isPending} onClick={() => void logout()}>
                <LogOut className="size-4" aria-hidden="true" />
                {/* On phones the button is its icon, so the person's name keeps its room beside the menus. */}
                <span className="sr-only sm:not-sr-only">{t('appLayout.logout')}</span>
              </Button>
            </div>
          </div>
          {busy && (
            <div aria-hidden="true" className="absolute inset-x-0 -bottom-px h-0.5 overflow-hidden rtl:-scale-x-100">
              <div className="h-full w-full origin-left animate-progress bg-accent-600" />
            </div>
          )}
        </header>

        <div className="md:flex md:min-h-[calc(100dvh-var(--spacing-topbar))]">
          {menuOpen && (
            <div
              aria-hidden="true"
              onClick={() => closeMenu('button')}
              className="fixed inset-x-0 top-topbar bottom-0 z-20 bg-slate-900/30 backdrop-blur-[1px] md:hidden dark:bg-black/60"
            />
          )}
          {/* The column stretches to the page's full height (its border and white run to the bottom);
            the menu inside sticks below the top bar while the page scrolls. */}
          <div className="md:w-sidebar md:shrink-0 md:border-e md:border-slate-200 md:bg-white">
            {/* Always mounted: on wide screens it is the sidebar, whatever the menu's state. */}
            <CollapsibleContent forceMount asChild>
              <nav
                ref={nav}
                id={navId}
                aria-label={t('appLayout.mainNav')}
                onBlur={onNavBlur}
                className={cn(
                  'hidden data-[state=open]:flex',
                  'fixed start-0 top-topbar bottom-0 z-30 w-72 max-w-[85vw] flex-col overflow-y-auto border-e border-slate-200 bg-white px-3 py-4 shadow-overlay',
                  'md:sticky md:top-topbar md:bottom-auto md:z-auto md:flex md:h-[calc(100dvh-var(--spacing-topbar))] md:w-full md:max-w-none md:shrink-0 md:border-e-0 md:shadow-none',
                )}
              >
                <ul className="flex flex-1 flex-col gap-1">
                  {navItems.map(({ to, label, icon: Icon, href }) => (
                    <li key={to} className={cn(to === 'profile' && 'mt-auto border-t border-slate-200 pt-3')}>
                      <NavLink
                        to={href}
                        end
                        onClick={() => {
                          if (menuOpen) closeMenu('main');
                        }}
                        className={({ isActive }) =>
                          cn(
                            'group flex h-10 items-center gap-3 rounded-control px-3 text-sm font-medium transition-colors',
                            isActive
                              ? 'bg-accent-50 text-accent-700'
                              : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                          )
                        }
                      >
                        {({ isActive }) => (
                          <>
                            <Icon
                              className={cn(
                                'size-[1.125rem] shrink-0',
                                isActive ? 'text-accent-600' : 'text-slate-500 group-hover:text-slate-700',
                              )}
                              aria-hidden="true"
                            />
                            {t(label)}
                          </>
                        )}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
            </CollapsibleContent>
          </div>

          <main
            ref={main}
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            aria-busy={busy || undefined}
            className="min-w-0 flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-10"
          >
            <div className="mx-auto max-w-7xl">
              <CurrentError />
              {children}
            </div>
          </main>
        </div>
      </div>
    </Collapsible>
  );
}

/** The one place the current error message shows, until navigation, its close button or 5 seconds. */
function CurrentError() {
  const { message, clearError } = useErrorBanner();
  if (!message) return null;
  return (
    <div className="sticky top-[calc(var(--spacing-topbar)+0.75rem)] z-10 mb-6">
      <Banner tone="error" onClose={clearError} className="shadow-popover">
        {message}
      </Banner>
    </div>
  );
}

/** Up to two initials for the avatar disc. */
function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase());
  return letters.join('') || 'U';
}
