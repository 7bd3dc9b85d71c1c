import { useDocumentTitle } from '../../../lib/use-document-title';

export function ResultsPage() {
  useDocumentTitle('Results');
  return <h1 className="text-2xl font-semibold">Results</h1>;
}
