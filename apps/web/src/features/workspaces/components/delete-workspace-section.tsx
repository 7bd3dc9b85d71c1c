import { useId, useState } from 'react';
import type { Workspace } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useDeleteWorkspace } from '../api/workspace-settings';
import { useGoHomeWithout } from '../lib/leave-workspace';

const DELETE_FAILED = 'Could not delete the workspace. Please try again.';

/** "Danger zone" (owners): deleting the workspace, once its name is typed in a dialog. */
export function DeleteWorkspaceSection({ workspace }: { workspace: Workspace }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold text-red-800">
        Danger zone
      </h2>
      <p className="text-sm text-slate-700">
        Deleting the workspace removes every member&apos;s access and deletes its surveys. An administrator can restore
        the surveys to the people who created them.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete workspace
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${workspace.name}?`}
        description="Its surveys are deleted with it, and every member loses access at once. An administrator can restore the surveys to their creators."
      >
        {open && <DeleteForm workspace={workspace} onCancel={() => setOpen(false)} />}
      </Modal>
    </section>
  );
}

function DeleteForm({ workspace, onCancel }: { workspace: Workspace; onCancel: () => void }) {
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
      setFailure(errorMessage(error, DELETE_FAILED));
    }
  };

  return (
    <form
      noValidate
      aria-label="Delete workspace"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <TextField
        label={
          <>
            Type <strong className="font-semibold break-all">{workspace.name}</strong> to confirm
          </>
        }
        name="confirm-name"
        autoComplete="off"
        autoFocus
        required
        value={typed}
        error={mismatch ? 'Type the workspace name exactly as shown' : undefined}
        disabled={remove.isPending}
        onChange={(event) => {
          setTyped(event.target.value);
          setMismatch(false);
        }}
      />
      {failure && <Banner tone="error">{failure}</Banner>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete workspace'}
        </Button>
      </div>
    </form>
  );
}
