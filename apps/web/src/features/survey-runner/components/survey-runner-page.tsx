import { useDocumentTitle } from '../../../lib/use-document-title';

export function SurveyRunnerPage() {
  useDocumentTitle('Survey');
  return <h1 className="text-2xl font-semibold">Survey</h1>;
}
