import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { paths } from '@/config/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * What a screen shows when it fails to render or its code cannot be loaded (for example after a
 * new version was deployed while the tab was open): a calm message, Reload and a way home,
 * instead of a blank page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const { t } = useTranslation('common');
  const title = notFound ? t('notFound.title') : t('routeError.title');
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="mx-auto flex h-topbar w-full max-w-5xl items-center px-4 sm:px-6">
        <a
          href={paths.home.getHref()}
          className="inline-flex items-center rounded-control"
          aria-label={t('appLayout.home')}
        >
          <Logo />
        </a>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-12">
        <section role="alert" className="flex max-w-md flex-col items-center gap-3 text-center">
          <div className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
            <TriangleAlert className="size-7" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className="text-slate-600">{notFound ? t('notFound.message') : t('routeError.message')}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <Button onClick={() => window.location.reload()}>
              <RefreshCw className="size-4" aria-hidden="true" />
              {t('routeError.reload')}
            </Button>
            <Link to={paths.home.getHref()} reloadDocument className={buttonClasses('secondary')}>
              {t('notFound.goHome')}
            </Link>
          </div>
        </section>
      </main>
    </div>
  );
}
