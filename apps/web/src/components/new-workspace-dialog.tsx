import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WORKSPACE_LIMITS, workspaceBodySchema, type Workspace, type WorkspaceBody } from '@quorum/contract';
import { Banner } from './ui/banner';
import { Button } from './ui/button';
import { Modal } from './ui/dialog';
import { Form, FormTextField, useZodForm } from './ui/form';
import { api, errorMessage } from '@/lib/api-client';
import { workspaceKeys } from '@/lib/query-keys';

/** POST /api/workspaces: a team workspace, its caller its owner. The list of workspaces is read again. */
function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkspaceBody) =>
      api<Workspace>('/api/workspaces', { method: 'POST', body: body satisfies WorkspaceBody }),
    onSuccess: async (workspace) => {
      queryClient.setQueryData(workspaceKeys.list(), (list: { workspaces: Workspace[] } | undefined) =>
        list ? { ...list, workspaces: [...list.workspaces, workspace] } : list,
      );
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
    },
  });
}

/**
 * "New workspace": a dialog asking for the name of a team workspace (checked by the contract's schema), which
 * creates it and hands it to `onCreated` (the caller switches to it).
 */
export function NewWorkspaceDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (workspace: Workspace) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('newWorkspace.title')}
      description="A workspace you share with others. You are its owner, and you can invite people once it exists."
    >
      {open && <NewWorkspaceForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />}
    </Modal>
  );
}

function NewWorkspaceForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (w: Workspace) => void }) {
  const { t } = useTranslation('common');
  const create = useCreateWorkspace();
  const form = useZodForm<WorkspaceBody>(workspaceBodySchema, { defaultValues: { name: '' } });
  const [failure, setFailure] = useState<string | null>(null);

  // The name field takes the focus once the dialog has put it inside (and noted where to give it back).
  useEffect(() => {
    const timer = setTimeout(() => form.setFocus('name'));
    return () => clearTimeout(timer);
  }, [form]);

  const onSubmit = async ({ name }: WorkspaceBody) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync({ name: name.trim() }));
    } catch (error) {
      setFailure(errorMessage(error, t('newWorkspace.failed')));
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} noValidate aria-label={t('newWorkspace.title')} className="space-y-4">
      <FormTextField<WorkspaceBody>
        name="name"
        label={t('newWorkspace.name')}
        hint={t('newWorkspace.nameHint')}
        required
        autoComplete="off"
        maxLength={WORKSPACE_LIMITS.name}
        disabled={create.isPending}
      />
      {failure && <Banner tone="error">{failure}</Banner>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {create.isPending ? t('newWorkspace.creating') : t('newWorkspace.create')}
        </Button>
      </div>
    </Form>
  );
}
