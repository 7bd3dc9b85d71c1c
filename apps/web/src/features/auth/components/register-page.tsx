import { useDocumentTitle } from '../../../lib/use-document-title';

export function RegisterPage() {
  useDocumentTitle('Register');
  return <h1 className="text-2xl font-semibold">Register</h1>;
}
