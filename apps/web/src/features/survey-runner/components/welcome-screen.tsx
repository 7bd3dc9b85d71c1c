import { useTranslation } from 'react-i18next';
import type { PublicSurvey } from '@quorum/contract';
import { ButtonBase as Button } from '@/components/ui/button-base';
import type { ContentLanguage } from './question-step';

interface WelcomeScreenProps {
  welcome: NonNullable<PublicSurvey['welcome']>;
  content: ContentLanguage | undefined;
  onStart: () => void;
}

/** The survey's welcome, before its first question: title, text and the button that starts it. */
export function WelcomeScreen({ welcome, content, onStart }: WelcomeScreenProps) {
  const { t } = useTranslation('runner');
  return (
    <section className="rounded-card border border-slate-200 bg-white px-6 py-10 text-center shadow-card sm:px-8">
      <h1 {...content} className="text-display text-balance text-slate-900">
        {welcome.title}
      </h1>
      {welcome.text && (
        <p {...content} className="mx-auto mt-4 max-w-md whitespace-pre-line text-slate-600">
          {welcome.text}
        </p>
      )}
      <Button size="lg" className="mt-8 w-full sm:w-auto sm:min-w-32" onClick={onStart}>
        {welcome.buttonLabel || t('runner.start')}
      </Button>
    </section>
  );
}
