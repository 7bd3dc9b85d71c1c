import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/dialog';
import type { SurveyActions } from '../hooks/use-survey-actions';
import { ShareDialog } from './share-dialog';
import { publicUrlOf } from './survey-card';

/** The dialogs the cards open: Share, and the confirmation Delete asks for. */
export function SurveyDialogs({ actions }: { actions: SurveyActions }) {
  const { t } = useTranslation('dashboard');
  const { sharing, toDelete } = actions;
  return (
    <>
      <ShareDialog
        open={sharing !== null}
        onOpenChange={(open) => {
          if (!open) actions.share(null);
        }}
        title={sharing?.title ?? ''}
        url={sharing ? publicUrlOf(sharing) : ''}
      />

      <ConfirmDialog
        open={toDelete !== null}
        title={t('page.deleteTitle')}
        confirmLabel={t('page.deleteConfirm')}
        tone="danger"
        busy={actions.deleting}
        onCancel={actions.cancelDelete}
        onConfirm={actions.confirmDelete}
      >
        {toDelete && <p>{t('page.deleteBody', { title: toDelete.title })}</p>}
      </ConfirmDialog>
    </>
  );
}
