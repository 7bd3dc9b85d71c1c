import { useRef } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatRelativeTime } from '@/lib/format';

/** What the server said of a refused save (409 SURVEY_VERSION_CONFLICT): the survey's version now, who, when. */
export interface SaveConflict {
  version: number | null;
  updatedBy: string;
  updatedAt: string | null;
}

/**
 * Offered when a save is refused because someone else saved the survey since it was loaded. "Load their
 * version" shows their survey and drops the form's changes; "Keep my changes" (also Escape, and where focus
 * starts) keeps the form as it is and makes the next save replace their version. Nothing is saved from here.
 */
export function ConflictDialog({
  conflict,
  loading,
  onLoadTheirs,
  onKeepMine,
}: {
  conflict: SaveConflict | null;
  /** Their version is on its way: both buttons wait. */
  loading: boolean;
  onLoadTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation('editor');
  const keep = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root
      open={conflict !== null}
      onOpenChange={(open) => {
        if (!open && !loading) onKeepMine();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 dark:bg-black/60 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            keep.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus.current?.isConnected) returnFocus.current.focus();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto rounded-card border border-slate-200 bg-white p-5 text-slate-900 shadow-overlay sm:p-6"
        >
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            {t('contract:errors.SURVEY_VERSION_CONFLICT')}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description asChild>
            <div className="space-y-3 text-sm leading-6 text-slate-600">
              {conflict && (
                <p>
                  {conflict.updatedAt ? (
                    <Trans
                      t={t}
                      i18nKey="conflict.savedAt"
                      values={{ name: conflict.updatedBy, when: formatRelativeTime(conflict.updatedAt) }}
                      components={{
                        time: <time dateTime={conflict.updatedAt} title={formatDateTime(conflict.updatedAt)} />,
                      }}
                    />
                  ) : (
                    t('conflict.savedSince', { name: conflict.updatedBy })
                  )}
                </p>
              )}
              <ul className="list-disc space-y-1 ps-5">
                <li>
                  <Trans
                    t={t}
                    i18nKey="conflict.loadTheirsInfo"
                    components={{ strong: <strong className="font-medium text-slate-900" /> }}
                  />
                </li>
                <li>
                  <Trans
                    t={t}
                    i18nKey="conflict.keepMineInfo"
                    components={{ strong: <strong className="font-medium text-slate-900" /> }}
                  />
                </li>
              </ul>
            </div>
          </DialogPrimitive.Description>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onLoadTheirs} loading={loading} disabled={loading}>
              {t('conflict.loadTheirs')}
            </Button>
            <Button ref={keep} onClick={onKeepMine} disabled={loading}>
              {t('conflict.keepMine')}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
