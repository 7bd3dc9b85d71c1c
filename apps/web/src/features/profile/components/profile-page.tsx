import { useDocumentTitle } from '../../../lib/use-document-title';

export function ProfilePage() {
  useDocumentTitle('Profile');
  return <h1 className="text-2xl font-semibold">Profile</h1>;
}
