import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { LanguageMenu } from '@/components/language-menu';
import { Logo } from '@/components/ui/logo';

/**
 * The parts of a message around and inside its one `<tag>…</tag>` ("Want to …? <register>Create …</register>"). The
 * public page splits the message itself rather than load react-i18next's Trans and its HTML parser.
 */
function aroundTag(text: string, tag: string): { before: string; link: string; after: string } {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = text.indexOf(open);
  const end = start < 0 ? -1 : text.indexOf(close, start + open.length);
  if (end < 0) return { before: text, link: '', after: '' };
  return {
    before: text.slice(0, start),
    link: text.slice(start + open.length, end),
    after: text.slice(end + close.length),
  };
}

/**
 * The respondent's frame: a header with "Powered by Quorum", the page, and a footer
 * inviting visitors to create their own surveys. Links are plain anchors: the rest of the product
 * is another part of the app, loaded when the visitor goes there. `languageSwitcher`, the survey's languages, takes
 * the place of the interface's language menu.
 */
export function PublicFrame({
  children,
  banner,
  languageSwitcher,
}: {
  children: ReactNode;
  banner?: ReactNode;
  languageSwitcher?: ReactNode;
}) {
  const { t } = useTranslation('runner');
  const footer = aroundTag(t('frame.footer'), 'register');
  return (
    <div className="flex min-h-screen flex-col">
      {banner}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-2xl items-center justify-between gap-3 px-4">
          {languageSwitcher ?? <LanguageMenu className="[&_select]:h-8 [&_select]:text-xs" />}
          <a
            href={paths.auth.register.getHref()}
            className="inline-flex items-center gap-2 rounded-control text-xs font-medium text-slate-600 hover:text-slate-900"
          >
            <span>{t('frame.poweredBy')}</span>
            <Logo className="[&_span]:text-base [&_svg]:size-6" />
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-6 sm:py-10">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-2xl px-4 py-5 text-center text-sm text-slate-600">
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
