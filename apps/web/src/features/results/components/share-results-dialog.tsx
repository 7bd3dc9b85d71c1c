import { useCallback, useEffect, useRef, useState } from 'react';
import { ExternalLink, RefreshCw, Share2 } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { ResultsShare } from '@quorum/contract';
import { CopyLink } from '@/components/copy-link';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ConfirmDialog, Modal } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ToastAboveDialogs } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useResultsShare, useShareResults, useStopSharingResults } from '../api/share-results';

/**
 * "Share results" on the results screen, for the survey's owner (an administrator would be refused, so it is not
 * offered to one): opens the share dialog; what it did is confirmed by a toast.
 */
export function ShareResultsButton({ surveyId, title }: { surveyId: string; title: string }) {
  const { t } = useTranslation('results');
  const { state } = useSession();
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  if (state.status !== 'signed-in' || state.session.userType !== 'user') return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Share2 className="size-4" aria-hidden="true" />
        {t('share.button')}
      </Button>
      <ShareResultsDialog open={open} onOpenChange={setOpen} surveyId={surveyId} title={title} onDone={setToast} />
      <ToastAboveDialogs message={toast} onDismiss={dismissToast} />
    </>
  );
}

/**
 * The results' shared report (Radix Dialog: labelled by its title, focus kept inside, Escape closes): whether the
 * results are shared; "Include text answers"; "Create link", then the full link with Copy, the box updating the
 * report as it is ticked; and "Stop sharing" after a confirmation.
 */
function ShareResultsDialog({
  open,
  onOpenChange,
  surveyId,
  title,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  surveyId: string;
  title: string;
  /** Says what was done (a toast). */
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('results');
  const status = useResultsShare(surveyId, { enabled: open });
  const share = useShareResults(surveyId);
  const stop = useStopSharingResults(surveyId);
  const { reset: resetShare } = share;
  const { reset: resetStop } = stop;

  // Each opening starts without the last opening's messages.
  useEffect(() => {
    if (open) {
      resetShare();
      resetStop();
    }
  }, [open, resetShare, resetStop]);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('share.title', { title })}
      description={t('share.description')}
    >
      {status.isPending ? (
        <Spinner label={t('share.loading')} className="justify-start p-0" />
      ) : status.isError ? (
        <div className="space-y-3">
          <Banner tone="error">{errorMessage(status.error, t('share.loadFailed'))}</Banner>
          <Button variant="secondary" size="sm" loading={status.isFetching} onClick={() => void status.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('page.tryAgain')}
          </Button>
        </div>
      ) : (
        <ShareControls current={status.data.share} share={share} stop={stop} onDone={onDone} />
      )}
    </Modal>
  );
}

function ShareControls({
  current,
  share,
  stop,
  onDone,
}: {
  current: ResultsShare | null;
  share: ReturnType<typeof useShareResults>;
  stop: ReturnType<typeof useStopSharingResults>;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('results');
  // Before a link exists: the choice the link is made with. Once shared: the share's own setting, or the one on
  // its way to the server.
  const [includeBeforeSharing, setIncludeBeforeSharing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);
  const pendingInclude = share.isPending ? share.variables.includeTextAnswers : undefined;
  const includeText = current ? (pendingInclude ?? current.includeTextAnswers) : includeBeforeSharing;
  const busy = share.isPending || stop.isPending;

  // The button that was pressed goes away (a link replaces "Create link", and the other way round after "Stop
  // sharing"): focus goes to the new link, selected for copying, or back to "Create link".
  const linkBlock = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (moveFocus.current) {
      if (current) linkBlock.current?.querySelector('input')?.focus();
      else createButton.current?.focus();
    }
    moveFocus.current = false;
  }, [current]);

  const create = () =>
    share.mutate(
      { includeTextAnswers: includeBeforeSharing },
      {
        onSuccess: () => {
          moveFocus.current = true;
          onDone(t('share.created'));
        },
      },
    );

  const changeInclude = (checked: boolean) => {
    if (!current) {
      setIncludeBeforeSharing(checked);
      return;
    }
    stop.reset();
    share.mutate(
      { includeTextAnswers: checked },
      { onSuccess: (next) => onDone(next.includeTextAnswers ? t('share.textIncluded') : t('share.textLeftOut')) },
    );
  };

  const confirmStop = () => {
    share.reset();
    stop.mutate(undefined, {
      onSuccess: () => {
        moveFocus.current = true;
        setConfirming(false);
        setIncludeBeforeSharing(false);
        onDone(t('share.stopped'));
      },
      onError: () => setConfirming(false),
    });
  };

  const url = current ? `${window.location.origin}${current.url}` : null;

  return (
    <div className="space-y-5">
      {url && current ? (
        <div className="space-y-3" ref={linkBlock}>
          <p className="text-sm text-slate-700">
            <Trans
              t={t}
              i18nKey="share.sharedSince"
              values={{ since: formatDateTime(current.createdAt) }}
              components={{ strong: <span className="font-medium text-slate-900" /> }}
            />
          </p>
          <CopyLink url={url} canCopy label={t('share.reportLink')} />
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses('ghost', 'sm', '-ms-3')}>
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('share.openReport')}
            <span className="sr-only"> {t('share.newTab')}</span>
          </a>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{t('share.notShared')}</p>
      )}

      <CheckboxField
        name="includeTextAnswers"
        label={t('share.includeText')}
        hint={t('share.includeTextHint')}
        checked={includeText}
        disabled={busy}
        onChange={changeInclude}
      />

      {share.isError && <Banner tone="error">{errorMessage(share.error, t('share.shareFailed'))}</Banner>}
      {stop.isError && <Banner tone="error">{errorMessage(stop.error, t('share.stopFailed'))}</Banner>}

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        {current ? (
          <Button variant="danger-secondary" disabled={busy} onClick={() => setConfirming(true)}>
            {t('share.stop')}
          </Button>
        ) : (
          <Button ref={createButton} loading={share.isPending} onClick={create}>
            {t('share.create')}
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        title={t('share.confirmTitle')}
        confirmLabel={t('share.stop')}
        tone="danger"
        busy={stop.isPending}
        onConfirm={confirmStop}
        onCancel={() => setConfirming(false)}
      >
        {t('share.confirmBody')}
      </ConfirmDialog>
    </div>
  );
}
