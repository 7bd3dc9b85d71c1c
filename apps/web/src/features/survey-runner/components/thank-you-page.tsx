import { useDocumentTitle } from '../../../lib/use-document-title';

export function ThankYouPage() {
  useDocumentTitle('Thank You!');
  return <h1 className="text-2xl font-semibold">Thank You!</h1>;
}
