import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { LanguageMenu } from '@/components/language-menu';
import { Logo } from '@/components/ui/logo';
import { VisitorFrame } from '@/components/visitor-frame';

/**
 * The respondent's frame: a header with "Powered by Quorum", the page, and a footer
 * inviting visitors to create their own surveys. `languageSwitcher`, the survey's languages, takes
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
    <VisitorFrame
      banner={banner}
      invitation={t('frame.footer')}
      header={
        <>
          {languageSwitcher ?? <LanguageMenu className="[&_select]:h-8 [&_select]:text-xs" />}
          <a
            href={paths.auth.register.getHref()}
            className="inline-flex items-center gap-2 rounded-control text-xs font-medium text-slate-600 hover:text-slate-900"
          >
            <span>{t('frame.poweredBy')}</span>
            <Logo className="[&_span]:text-base [&_svg]:size-6" />
          </a>
        </>
      }
    >
      {children}
    </VisitorFrame>
  );
}
