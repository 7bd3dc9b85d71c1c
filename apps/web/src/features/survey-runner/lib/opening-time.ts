import { currentLanguage } from '@/i18n/i18n';

/** When a survey opens, in the interface's language and the respondent's time zone, with the time zone named. */
export function formatOpening(iso: string, locale: string = currentLanguage()): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
