import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Workspace } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useDeleteWorkspace } from '../api/workspace-settings';
import { useGoHomeWithout } from '../lib/leave-workspace';

/** "Danger zone" (owners): deleting the workspace, once its name is typed in a dialog. */
export function DeleteWorkspaceSection({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation('workspaces');
  const headingId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold text-red-800">
        {t('delete.heading')}
      </h2>
      <p className="text-sm text-slate-700">{t('delete.intro')}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('delete.open')}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t('delete.title', { name: workspace.name })}
        description={t('delete.description')}
      >
        {open && <DeleteForm workspace={workspace} onCancel={() => setOpen(false)} />}
      </Modal>
    </section>
  );
}

function DeleteForm({ workspace, onCancel }: { workspace: Workspace; onCancel: () => void }) {
  const { t } = useTranslation('workspaces');
  const remove = useDeleteWorkspace(workspace.id);
  const goHome = useGoHomeWithout();
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const matches = typed.trim() === workspace.name.trim();

  const onSubmit = async () => {
    setFailure(null);
    if (!matches) {
      setMismatch(true);
      return;
    }
    try {
      await remove.mutateAsync();
      await goHome(workspace.id);
    } catch (error) {
      setFailure(errorMessage(error, t('delete.failed')));
    }
  };

  return (
    <form
      noValidate
      aria-label={t('delete.formLabel')}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <TextField
        label={
          <Trans
            t={t}
            i18nKey="delete.confirmLabel"
            values={{ name: workspace.name }}
            components={{ strong: <strong className="font-semibold break-all" /> }}
          />
        }
        name="confirm-name"
        autoComplete="off"
        autoFocus
        required
        value={typed}
        error={mismatch ? t('delete.mismatch') : undefined}
        disabled={remove.isPending}
        onChange={(event) => {
          setTyped(event.target.value);
          setMismatch(false);
        }}
      />
      {failure && <Banner tone="error">{failure}</Banner>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={remove.isPending}>
          {t('delete.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={remove.isPending}>
          {remove.isPending ? t('delete.deleting') : t('delete.delete')}
        </Button>
      </div>
    </form>
  );
}
