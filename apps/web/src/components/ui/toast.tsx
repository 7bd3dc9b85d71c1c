import { useTranslation } from 'react-i18next';
import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { Button } from './button';

/** How long a toast stays before it goes by itself. */
export const TOAST_MS = 8000;

/**
 * A short message at the bottom of the screen with an optional action (e.g. Undo), read out politely
 * (role=status). It goes after TOAST_MS, or when dismissed; it never takes focus.
 */
export function Toast({
  children,
  actionLabel,
  onAction,
  onDismiss,
}: {
  children: ReactNode;
  actionLabel?: string;
  onAction?: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('common');
  useEffect(() => {
    const timer = setTimeout(onDismiss, TOAST_MS);
    return () => clearTimeout(timer);
  }, [onDismiss]);
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto flex max-w-md items-center gap-3 rounded-card border border-slate-700 bg-slate-900 px-4 py-3 text-sm text-white shadow-overlay sm:inset-x-auto sm:end-6"
    >
      <div className="min-w-0 flex-1">{children}</div>
      {actionLabel && onAction && (
        <Button variant="secondary" size="sm" onClick={onAction}>
          {actionLabel}
        </Button>
      )}
      <button
        type="button"
        onClick={onDismiss}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        aria-label={t('dismissMessage')}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * A toast in its own layer on the page, above an open dialog's backdrop: read out while a dialog is open, and still
 * there after it closes. Nothing while there is no message; a new message is a new toast.
 */
export function ToastAboveDialogs({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  return createPortal(
    <div className="relative z-[60]">
      <Toast key={message} onDismiss={onDismiss}>
        {message}
      </Toast>
    </div>,
    document.body,
  );
}
