import { useId, useRef } from 'react';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { embedSnippet } from '../lib/share';
import { useCopy } from '@/lib/use-copy';
import { CopyLink } from '@/components/copy-link';
import { ShareQr } from './share-qr';

function EmbedSnippet({ snippet }: { snippet: string }) {
  const id = useId();
  const hintId = useId();
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const { status, copy } = useCopy(() => areaRef.current?.select());
  const { t } = useTranslation('dashboard');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-xs font-medium tracking-wide text-slate-500 uppercase">
        {t('share.embedCode')}
      </label>
      <textarea
        id={id}
        ref={areaRef}
        readOnly
        rows={4}
        value={snippet}
        aria-describedby={hintId}
        onFocus={(e) => e.currentTarget.select()}
        className="w-full resize-none rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-700"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => void copy(snippet)}>
          {status === 'copied' ? (
            <Check className="size-4 text-green-700" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {status === 'copied' ? t('share.copied') : t('share.copyEmbed')}
        </Button>
        <p aria-live="polite" className="text-xs text-slate-600">
          {status === 'copied' && <span className="sr-only">{t('share.embedCopied')}</span>}
          {status === 'failed' && t('share.copyFailed')}
        </p>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {t('share.embedHint')}
      </p>
    </div>
  );
}

/**
 * Share an active survey (Radix Dialog: labelled by its title, focus kept inside, Escape or Close closes and
 * focus goes back to the Share button): the public link with Copy, a QR code with downloads, and an embed snippet.
 */
export function ShareDialog({
  open,
  onOpenChange,
  title,
  url,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  url: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('share.title', { title })}
      description={t('share.description')}
      widthClass="w-[min(36rem,calc(100vw-2rem))]"
    >
      <CopyLink url={url} canCopy />
      <div className="space-y-1.5">
        <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('share.qrCode')}</h3>
        <ShareQr url={url} title={title} />
      </div>
      <EmbedSnippet snippet={embedSnippet(url, title)} />
    </Modal>
  );
}
