import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { LanguageMenu } from '@/components/language-menu';
import { Logo } from '@/components/ui/logo';

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
          <Trans
            t={t}
            i18nKey="frame.footer"
            components={{
              register: (
                <a
                  href={paths.auth.register.getHref()}
                  className="font-medium text-accent-700 underline-offset-2 hover:underline"
                />
              ),
            }}
          />
        </div>
      </footer>
    </div>
  );
}
