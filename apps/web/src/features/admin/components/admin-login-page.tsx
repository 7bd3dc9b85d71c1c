import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminLoginPage() {
  useDocumentTitle('Admin Login');
  return <h1 className="text-2xl font-semibold">Admin Login</h1>;
}
