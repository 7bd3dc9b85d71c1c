import { useDocumentTitle } from '../../../lib/use-document-title';

export function VerifyEmailPage() {
  useDocumentTitle('Email verification');
  return <h1 className="text-2xl font-semibold">Email verification</h1>;
}
