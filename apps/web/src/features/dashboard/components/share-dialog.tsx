import { useId, useRef } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Check, Copy, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { embedSnippet } from '../lib/share';
import { useCopy } from '@/lib/use-copy';
import { CopyLink } from '@/components/copy-link';
import { ShareQr } from './share-qr';

function EmbedSnippet({ snippet }: { snippet: string }) {
  const id = useId();
  const hintId = useId();
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const { status, copy } = useCopy(() => areaRef.current?.select());
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-xs font-medium tracking-wide text-slate-500 uppercase">
        Embed code
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
          {status === 'copied' ? 'Copied' : 'Copy embed code'}
        </Button>
        <p aria-live="polite" className="text-xs text-slate-600">
          {status === 'copied' && <span className="sr-only">Embed code copied to the clipboard</span>}
          {status === 'failed' && 'Could not copy automatically. The code is selected: press Ctrl+C to copy it.'}
        </p>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        Paste it into your site&apos;s HTML: the survey fills the width of its container.
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
  // The dialog opens without a Radix trigger, so focus is handed back by hand to what opened it.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus.current?.isConnected) returnFocus.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-5 overflow-y-auto rounded-card border border-slate-200 bg-white p-5 text-slate-900 shadow-overlay sm:p-6"
        >
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <DialogPrimitive.Title className="text-lg font-semibold break-words text-slate-900">
                Share &ldquo;{title}&rdquo;
              </DialogPrimitive.Title>
              <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
                Send the link, print the QR code or embed the survey in your website.
              </DialogPrimitive.Description>
            </div>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close">
                <X className="size-4" aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <CopyLink url={url} canCopy />
          <div className="space-y-1.5">
            <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">QR code</h3>
            <ShareQr url={url} title={title} />
          </div>
          <EmbedSnippet snippet={embedSnippet(url, title)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
