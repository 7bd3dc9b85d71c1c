import { useDocumentTitle } from '../../../lib/use-document-title';

export function DashboardPage() {
  useDocumentTitle('My Surveys');
  return <h1 className="text-2xl font-semibold">My Surveys</h1>;
}
