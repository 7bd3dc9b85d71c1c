import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WORKSPACE_LIMITS, workspaceBodySchema, type Workspace, type WorkspaceBody } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useRenameWorkspace } from '../api/workspace-settings';

/** The workspace's name, inline (owners). */
export function RenameWorkspaceForm({
  workspace,
  onRenamed,
}: {
  workspace: Workspace;
  onRenamed: (name: string) => void;
}) {
  const { t } = useTranslation('workspaces');
  const rename = useRenameWorkspace(workspace.id);
  const form = useZodForm<WorkspaceBody>(workspaceBodySchema, { defaultValues: { name: workspace.name } });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async ({ name }: WorkspaceBody) => {
    setFailure(null);
    const trimmed = name.trim();
    try {
      const renamed = await rename.mutateAsync({ name: trimmed });
      form.reset({ name: renamed.name });
      onRenamed(renamed.name);
    } catch (error) {
      setFailure(errorMessage(error, t('rename.failed')));
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} noValidate aria-label={t('rename.formLabel')} className="space-y-3">
      <h2 className="text-base font-semibold text-slate-900">{t('rename.heading')}</h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormTextField<WorkspaceBody>
          name="name"
          label={t('rename.label')}
          required
          autoComplete="off"
          maxLength={WORKSPACE_LIMITS.name}
          disabled={rename.isPending}
          fieldClassName="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" loading={rename.isPending} className="sm:mt-7">
          {rename.isPending ? t('rename.saving') : t('rename.rename')}
        </Button>
      </div>
      {failure && <Banner tone="error">{failure}</Banner>}
    </Form>
  );
}
