import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { Logo } from '@/components/ui/logo';
import { ThemeMenu } from '@/components/theme-menu';
import { LanguageMenu } from '@/components/language-menu';

/**
 * Auth screens share a layout with a logo header (and the language menu) and a copyright footer. The page sits
 * in a centred column as wide as a card; `children` replaces the routed page (the 404 for
 * signed-out visitors uses it).
 */
export function AuthLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="relative isolate flex min-h-screen flex-col bg-slate-50">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,var(--color-accent-100)_0%,transparent_100%)] opacity-70"
      />
      <header>
        <div className="mx-auto flex h-topbar max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            to={paths.home.getHref()}
            className="inline-flex items-center rounded-control"
            aria-label={t('appLayout.home')}
          >
            <Logo />
          </Link>
          <div className="ms-auto flex items-center gap-2">
            <LanguageMenu />
            <ThemeMenu />
          </div>
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:pt-12">
        <div className="w-full max-w-md">{children ?? <Outlet />}</div>
      </main>
      <footer className="border-t border-slate-200/70 py-6 text-center text-xs text-slate-600">
        {t('authLayout.copyright', { year: String(new Date().getFullYear()) })}
      </footer>
    </div>
  );
}
