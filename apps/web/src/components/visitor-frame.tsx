import type { ReactNode } from 'react';
import { paths } from '@/config/paths';

/**
 * The parts of a message around and inside its one `<tag>…</tag>` ("Want to …? <register>Create …</register>"). The
 * frame splits the message itself rather than load react-i18next's Trans and its HTML parser: the public survey page
 * uses this frame, and its first load has a budget.
 */
function aroundTag(text: string): { before: string; link: string; after: string } {
  const match = /<([a-z]+)>(.*?)<\/\1>/is.exec(text);
  if (!match) return { before: text, link: '', after: '' };
  return {
    before: text.slice(0, match.index),
    link: match[2] ?? '',
    after: text.slice(match.index + match[0].length),
  };
}

/**
 * The frame of a page for visitors outside the app (a survey's respondents, a shared report's readers): a header,
 * the page, and a footer inviting them to create their own surveys. `invitation` is the footer's message, its link
 * to registering in one `<tag>…</tag>`. A survey's questions read in a narrow column; `wide`, for a report's charts,
 * is wider, with wider margins from `sm` on, on grey, its header left out of print. Links are plain anchors: the rest
 * of the product is another part of the app, loaded when the visitor goes there. Kept light (no Radix, no Trans): the
 * public survey page loads it first.
 */
export function VisitorFrame({
  wide,
  header,
  invitation,
  banner,
  children,
}: {
  wide?: boolean;
  header: ReactNode;
  invitation: string;
  banner?: ReactNode;
  children: ReactNode;
}) {
  const width = wide ? 'max-w-5xl' : 'max-w-2xl';
  const margins = wide ? 'px-4 sm:px-6' : 'px-4';
  const footer = aroundTag(invitation);
  return (
    <div className={wide ? 'flex min-h-screen flex-col bg-slate-50' : 'flex min-h-screen flex-col'}>
      {banner}
      <header className={`border-b border-slate-200 bg-white${wide ? ' print:hidden' : ''}`}>
        <div className={`mx-auto flex h-14 items-center justify-between gap-3 ${width} ${margins}`}>{header}</div>
      </header>
      <main id="main" className={`mx-auto w-full flex-1 py-6 sm:py-10 ${width} ${margins}`}>
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className={`mx-auto px-4 py-5 text-center text-sm text-slate-600 ${width}`}>
          {footer.before}
          <a
            href={paths.auth.register.getHref()}
            className="font-medium text-accent-700 underline-offset-2 hover:underline"
          >
            {footer.link}
          </a>
          {footer.after}
        </div>
      </footer>
    </div>
  );
}
