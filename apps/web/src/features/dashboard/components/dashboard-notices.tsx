import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Eye } from 'lucide-react';
import type { Survey } from '@quorum/contract';
import { paths } from '@/config/paths';
import { Banner } from '@/components/ui/banner';

/** Told to a viewer of a team workspace: they see its surveys and change nothing. */
export function ViewerNote() {
  const { t } = useTranslation('dashboard');
  return (
    <Banner tone="info">
      <p>
        <Eye className="me-1.5 inline size-4 align-[-3px]" aria-hidden="true" />
        {t('page.viewerNote')}
      </p>
    </Banner>
  );
}

/** The caller may launch no more surveys: how many are active, of how many, and what to do. */
export function ActiveLimitWarning({ id, count, limit }: { id: string; count: number; limit: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <Banner tone="warning">
      <p id={id}>
        <strong className="font-semibold">{t('page.activeLimitCount', { count, limit })}</strong>{' '}
        {t('page.activeLimitHint')}
      </p>
    </Banner>
  );
}

/** The copy Duplicate just made, with a link to its editor. */
export function CopyCreatedNotice({ copy, onClose }: { copy: Survey; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Banner tone="success" onClose={onClose}>
      <p>
        {t('page.copyCreated', { title: copy.title })}{' '}
        <Link
          to={paths.user.editSurvey.getHref(copy)}
          state={{ survey: copy }}
          className="font-medium underline underline-offset-2"
        >
          {t('page.editCopy')}
        </Link>
      </p>
    </Banner>
  );
}
