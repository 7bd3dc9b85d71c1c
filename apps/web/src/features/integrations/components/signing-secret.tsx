import { WEBHOOK_HEADERS } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { CopyLink } from '@/components/copy-link';

/**
 * A new webhook's signing secret, shown this once in a read-only field with Copy, and how a receiver checks a
 * delivery with it.
 */
export function SigningSecret({ secret }: { secret: string }) {
  return (
    <div className="space-y-4">
      <Banner tone="warning" title="Copy the signing secret now">
        It is shown only this once. If you lose it, delete the webhook and add it again.
      </Banner>
      <CopyLink url={secret} canCopy label="Signing secret" noun="secret" />
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
