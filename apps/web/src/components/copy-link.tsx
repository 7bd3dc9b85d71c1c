import { useTranslation } from 'react-i18next';
import { useId, useRef } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/use-copy';

/**
 * A link in a read-only field with a Copy button and visible "Copied" feedback: a survey's public link (the
 * default label), or another link named by `label`. `noun` names what is copied in the feedback ("link", or
 * "key" and "secret" for the values shown once).
 */
export function CopyLink({
  url,
  canCopy,
  label,
  noun = 'link',
}: {
  url: string;
  canCopy: boolean;
  label?: string;
  noun?: string;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { status, copy } = useCopy(() => inputRef.current?.select());

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-xs font-medium tracking-wide text-slate-500 uppercase">
        {label ?? t('copyLink.publicLink')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          ref={inputRef}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="h-9 w-full min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-3 font-mono text-xs text-slate-700 sm:flex-1"
        />
        {canCopy && (
          <Button variant="secondary" size="sm" className="h-9" onClick={() => void copy(url)}>
            {status === 'copied' ? (
              <Check className="size-4 text-green-700" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            {status === 'copied' ? t('copyLink.copied') : t('copyLink.copy')}
          </Button>
        )}
      </div>
      <p aria-live="polite" className="text-xs text-slate-600">
        {status === 'copied' && <span className="sr-only">{t('copyLink.copiedToClipboard', { noun })}</span>}
        {status === 'failed' && t('copyLink.copyFailed', { noun })}
        {!canCopy && status === 'idle' && t('copyLink.activeOnly')}
      </p>
    </div>
  );
}
