import { useDocumentTitle } from '@/lib/use-document-title';
import { useHealth } from '../api/get-health';

/** A small page that shows whether the server and its database answer. */
export function StatusPage() {
  useDocumentTitle('System status');
  const health = useHealth();
  return (
    <section className="mx-auto max-w-md p-8">
      <h1 className="text-2xl font-semibold">System status</h1>
      <p className="mt-4" role="status" aria-live="polite">
        {health.isPending && 'Checking…'}
        {health.isError && 'The server is not answering.'}
        {health.isSuccess && `Server: ${health.data.status}`}
      </p>
    </section>
  );
}
