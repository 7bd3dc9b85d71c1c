import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS, projectIdFrom } from '@quorum/contract';
import { Card } from '@/components/ui/card';
import { FormTextField } from '@/components/ui/form';
import type { SurveyDraft } from '../lib/editor-model';
import { BrandingImageField } from './branding-image-field';

/** The survey's "Details": its project (and the project id made from its name), branding image and title. */
export function SurveyDetailsCard() {
  const { t } = useTranslation('editor');
  const { control, clearErrors } = useFormContext<SurveyDraft>();
  const projectName = useWatch({ control, name: 'projectName' });
  const projectId = projectIdFrom(projectName);

  return (
    <Card className="space-y-5 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{t('form.details')}</h2>
      <FormTextField<SurveyDraft>
        label={t('form.projectName')}
        name="projectName"
        required
        hint={projectId ? t('form.projectId', { projectId }) : t('form.projectHint')}
        maxLength={LIMITS.projectName}
        autoComplete="off"
      />
      <Controller
        control={control}
        name="brandingImageUrl"
        render={({ field, fieldState }) => (
          <BrandingImageField
            value={field.value}
            submitError={fieldState.error?.message}
            onChange={(value) => {
              field.onChange(value);
              clearErrors('brandingImageUrl');
            }}
          />
        )}
      />
      <FormTextField<SurveyDraft>
        label={t('form.surveyTitle')}
        name="title"
        required
        maxLength={LIMITS.title}
        autoComplete="off"
      />
    </Card>
  );
}
