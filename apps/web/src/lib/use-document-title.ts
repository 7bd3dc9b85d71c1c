import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the page title as "{title} · Quorum". `title` is already in the interface's language (the caller's `t`),
 * so the title follows a change of language.
 */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation('common');
  const full = title ? t('documentTitle', { title }) : 'Quorum';
  useEffect(() => {
    document.title = full;
  }, [full]);
}
