import { useTranslation } from 'react-i18next';
import { ButtonBase as Button } from '@/components/ui/button-base';

interface StepActionsProps {
  hasPrevious: boolean;
  /** An optional question offers Skip, and its Next works before it is answered. */
  optional: boolean;
  started: boolean;
  isLast: boolean;
  submitting: boolean;
  onPrevious: () => void;
  onSkip: () => void;
}

/** Previous, Skip (optional questions) and Next or Submit (the form's submit button) under a question. */
export function StepActions({
  hasPrevious,
  optional,
  started,
  isLast,
  submitting,
  onPrevious,
  onSkip,
}: StepActionsProps) {
  const { t } = useTranslation('runner');
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <Button
        variant="secondary"
        size="lg"
        onClick={onPrevious}
        disabled={!hasPrevious || submitting}
        className="w-full sm:w-auto"
      >
        {t('runner.previous')}
      </Button>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        {optional && (
          <Button variant="ghost" size="lg" onClick={onSkip} disabled={submitting} className="w-full sm:w-auto">
            {t('runner.skip')}
          </Button>
        )}
        <Button
          type="submit"
          size="lg"
          disabled={!optional && !started}
          loading={submitting}
          className="w-full sm:w-auto sm:min-w-32"
        >
          {isLast ? t('runner.submit') : t('runner.next')}
        </Button>
      </div>
    </div>
  );
}
