import { useEffect } from 'react';

/** Sets the page title as "{title} · Quorum". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Quorum` : 'Quorum';
  }, [title]);
}
