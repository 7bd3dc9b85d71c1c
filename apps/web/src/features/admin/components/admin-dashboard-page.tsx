import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminDashboardPage() {
  useDocumentTitle('All Surveys');
  return <h1 className="text-2xl font-semibold">All Surveys</h1>;
}
