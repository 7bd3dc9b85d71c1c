import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { House } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { homePath, paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The 404 page ("Page Not Found" and a link back). `home` is where its link goes; by default the
 * visitor's dashboard when signed in, else home (which leads to the login page).
 */
export function NotFoundPage({ home }: { home?: string }) {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  const { state } = useSession();
  const target = home ?? (state.status === 'signed-in' ? homePath(state.session.userType) : paths.home.getHref());
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-md flex-col items-center gap-3 px-2 py-12 text-center sm:py-20"
    >
      <p
        aria-hidden="true"
        className="bg-gradient-to-b from-accent-600 to-accent-800 bg-clip-text text-7xl font-bold tracking-tight text-transparent"
      >
        404
      </p>
      <h1 id="not-found-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        {t('notFound.title')}
      </h1>
      <p className="text-slate-600">{t('notFound.message')}</p>
      <Link to={target} className={buttonClasses('primary', 'md', 'mt-4')}>
        <House className="size-4" aria-hidden="true" />
        {t('notFound.goHome')}
      </Link>
    </section>
  );
}
