import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';

/**
 * The form's bar at the bottom of the screen: the one message the form shows (or, without one, whose version the
 * next save replaces), and Preview, Cancel and the submit button.
 */
export function SaveBar({
  message,
  overwriting,
  busy,
  submitting,
  submitLabel,
  onPreview,
  onCancel,
}: {
  /** The form's message, translated. */
  message: string | undefined;
  /** Who saved the version the next save replaces, after "Keep my changes". */
  overwriting: string | null;
  busy: boolean;
  submitting: boolean;
  submitLabel: string;
  onPreview: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('editor');
  return (
    <div className="sticky bottom-0 -mx-4 space-y-3 border-t border-slate-200 bg-slate-50/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-card sm:border sm:bg-white/95 sm:px-6">
      {message && (
        <Banner tone="error" className="py-2">
          {message}
        </Banner>
      )}
      {overwriting && !message && (
        <Banner tone="warning" className="py-2">
          {t('form.overwriting', { name: overwriting })}
        </Banner>
      )}
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button variant="secondary" className="flex-1 sm:flex-none" disabled={busy} onClick={onPreview}>
          <Eye className="size-4" aria-hidden="true" />
          {t('form.preview')}
        </Button>
        <Button variant="secondary" className="flex-1 sm:flex-none" disabled={busy} onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" className="flex-2 sm:flex-none" disabled={busy} aria-busy={submitting}>
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
