import { useId, useRef } from 'react';
import { Check, Copy } from 'lucide-react';
import { WEBHOOK_HEADERS } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/use-copy';

/**
 * A new webhook's signing secret, shown this once in a read-only field with Copy, and how a receiver checks a
 * delivery with it.
 */
export function SigningSecret({ secret }: { secret: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { status, copy } = useCopy(() => input.current?.select());
  return (
    <div className="space-y-4">
      <Banner tone="warning" title="Copy the signing secret now">
        It is shown only this once. If you lose it, delete the webhook and add it again.
      </Banner>
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          Signing secret
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={id}
            ref={input}
            readOnly
            value={secret}
            onFocus={(e) => e.currentTarget.select()}
            className="h-9 w-full min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-3 font-mono text-xs text-slate-700 sm:flex-1"
          />
          <Button variant="secondary" size="sm" className="h-9" onClick={() => void copy(secret)}>
            {status === 'copied' ? (
              <Check className="size-4 text-green-700" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            {status === 'copied' ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p aria-live="polite" className="text-xs text-slate-600">
          {status === 'copied' && <span className="sr-only">Secret copied to the clipboard</span>}
          {status === 'failed' && 'Could not copy automatically. The secret is selected: press Ctrl+C to copy it.'}
        </p>
      </div>
      <SignatureHelp />
    </div>
  );
}

/** How a receiver checks that a delivery came from Quorum. */
export function SignatureHelp() {
  return (
    <div className="space-y-2 rounded-control border border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-6 text-slate-700">
      <p className="font-medium text-slate-900">How to verify a delivery</p>
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          Take the <code className="font-mono text-xs">{WEBHOOK_HEADERS.timestamp}</code> header and the raw request
          body, joined by a dot: <code className="font-mono text-xs whitespace-nowrap">{'{timestamp}.{body}'}</code>.
        </li>
        <li>Compute its HMAC-SHA256 with the signing secret, in hex.</li>
        <li>
          Compare it, in constant time, with <code className="font-mono text-xs">{WEBHOOK_HEADERS.signature}</code>{' '}
          after <code className="font-mono text-xs">sha256=</code>, and refuse old timestamps.
        </li>
      </ol>
      <p>See the webhooks guide in the docs for an example.</p>
    </div>
  );
}
