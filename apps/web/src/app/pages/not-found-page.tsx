import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage({ home = '/' }: { home?: string }) {
  useDocumentTitle('Page Not Found');
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <p className="text-5xl font-bold text-accent-600">404</p>
      <h1 className="text-2xl font-semibold">Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for doesn&apos;t exist or has been moved.</p>
      <Link to={home} className={buttonClasses()}>
        Go back home
      </Link>
    </section>
  );
}
