import { useDocumentTitle } from '../../../lib/use-document-title';

export function LoginPage() {
  useDocumentTitle('Login');
  return <h1 className="text-2xl font-semibold">Login</h1>;
}
