import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { SurveyGenerator } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';

const storageKey = (surveyId: string) => `quorum.generatedNoticeSeen.${surveyId}`;

function seen(surveyId: string): boolean {
  try {
    return localStorage.getItem(storageKey(surveyId)) === '1';
  } catch {
    return false;
  }
}

/**
 * A generated survey (by AI or by the built-in generator) is a first draft: say so once, until
 * the notice is dismissed.
 */
export function GeneratedNotice({ surveyId, generator }: { surveyId: string; generator: SurveyGenerator }) {
  const { t } = useTranslation('editor');
  const [visible, setVisible] = useState(() => generator !== 'manual' && !seen(surveyId));
  if (!visible) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(storageKey(surveyId), '1');
    } catch {
      // Storage may be unavailable (private mode): the notice then simply closes for this visit.
    }
    setVisible(false);
  };
  return (
    <Banner tone="info" onClose={dismiss} className="mb-6">
      <p className="font-medium">{generator === 'ai' ? t('generated.ai') : t('generated.other')}</p>
      <p className="mt-0.5">{t('generated.review')}</p>
    </Banner>
  );
}
