import { useDocumentTitle } from '../../../lib/use-document-title';

export function SurveyEditorPage() {
  useDocumentTitle('Create New Survey');
  return <h1 className="text-2xl font-semibold">Create New Survey</h1>;
}
