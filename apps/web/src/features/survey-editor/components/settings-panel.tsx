import { useId } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { NOTIFY_ON_RESPONSE, SETTINGS_LIMITS } from '@quorum/contract';
import { translateValidationMessage } from '@/i18n/validation-messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Textarea } from '@/components/ui/field';
import { FormTextField } from '@/components/ui/form';
import { hiddenFieldsLinkPattern, timeZoneNote, type SurveyDraft } from '../lib/editor-model';
import { CheckboxField } from '@/components/ui/checkbox-field';

/**
 * The survey's "Settings": when it collects (opens at / closes at in the browser's time zone, named on screen),
 * how much (a response limit), one response per browser, hidden fields from the link, and its welcome and
 * thank-you screens. Every input has a `name` so a message about it (the form's or the server's) focuses it.
 */
export function SettingsPanel({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('editor');
  const { control, setValue, clearErrors } = useFormContext<SurveyDraft>();
  const { errors } = useFormState({ control });
  const hiddenFields = useWatch({ control, name: 'hiddenFields' });
  const welcomeOn = useWatch({ control, name: 'welcome.enabled' });
  const oneResponse = useWatch({ control, name: 'oneResponsePerBrowser' });
  const notifyOnResponse = useWatch({ control, name: 'notifyOnResponse' });
  const timesNoteId = useId();
  const notifyNoteId = useId();
  const notifyId = useId();
  const pattern = hiddenFieldsLinkPattern(hiddenFields);

  const setHiddenFields = (next: string[]) => {
    setValue('hiddenFields', next, { shouldDirty: true });
    if (errors.hiddenFields) clearErrors('hiddenFields');
  };
  const shown = (message: string | undefined) => message && translateValidationMessage(message);
  const hiddenMessage = (at: number) => shown(errors.hiddenFields?.[at]?.message);
  const hiddenListMessage = shown(errors.hiddenFields?.message ?? errors.hiddenFields?.root?.message);

  return (
    <Card className="space-y-6 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{t('settings.heading')}</h2>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('settings.whenItCollects')}</legend>
        <p id={timesNoteId} className="text-sm text-slate-600">
          {timeZoneNote()}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField<SurveyDraft>
            label={t('settings.opensAt')}
            name="opensAt"
            type="datetime-local"
            hint={t('settings.opensAtHint')}
            extraDescribedBy={timesNoteId}
            clears={['closesAt']}
          />
          <FormTextField<SurveyDraft>
            label={t('settings.closesAt')}
            name="closesAt"
            type="datetime-local"
            hint={t('settings.closesAtHint')}
            extraDescribedBy={timesNoteId}
            clears={['opensAt']}
          />
        </div>
        <FormTextField<SurveyDraft>
          label={t('settings.responseLimit')}
          name="responseLimit"
          type="number"
          inputMode="numeric"
          min={1}
          max={SETTINGS_LIMITS.responseLimit}
          step={1}
          hint={t('settings.responseLimitHint')}
          fieldClassName="sm:max-w-xs"
        />
        <CheckboxField
          name="oneResponsePerBrowser"
          label={t('settings.oneResponse')}
          hint={t('settings.oneResponseHint')}
          checked={oneResponse}
          disabled={disabled}
          onChange={(checked) => setValue('oneResponsePerBrowser', checked, { shouldDirty: true })}
        />
      </fieldset>

      <fieldset className="space-y-3" aria-describedby={notifyNoteId}>
        <legend className="text-base font-semibold">{t('settings.notifyLegend')}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-6">
          {NOTIFY_ON_RESPONSE.map((value) => (
            <div key={value} className="flex items-center gap-2">
              <input
                id={`${notifyId}-${value}`}
                type="radio"
                name="notifyOnResponse"
                value={value}
                checked={notifyOnResponse === value}
                disabled={disabled}
                onChange={() => setValue('notifyOnResponse', value, { shouldDirty: true })}
                className="size-4 shrink-0 accent-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
              />
              <label htmlFor={`${notifyId}-${value}`} className="text-sm font-medium text-slate-800">
                {t(`settings.notify.${value}`)}
              </label>
            </div>
          ))}
        </div>
        <p id={notifyNoteId} className="text-sm text-slate-600">
          {notifyOnResponse === 'daily'
            ? t('settings.notifyDaily')
            : notifyOnResponse === 'each'
              ? t('settings.notifyEach')
              : t('settings.notifyOff')}{' '}
          {t('settings.notifyAlways')}
        </p>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('settings.hiddenFields')}</legend>
        <p className="text-sm text-slate-600">{t('settings.hiddenFieldsIntro')}</p>
        {hiddenFields.length > 0 && (
          <ul className="space-y-2">
            {hiddenFields.map((key, at) => (
              <li key={at}>
                <Field label={t('settings.hiddenFieldName', { number: at + 1 })} error={hiddenMessage(at)}>
                  {({ id, describedBy, invalid }) => (
                    <div className="flex gap-2">
                      <Input
                        id={id}
                        name={`hiddenFields.${at}`}
                        value={key}
                        maxLength={64}
                        autoComplete="off"
                        placeholder="source"
                        aria-describedby={describedBy}
                        aria-invalid={invalid || undefined}
                        onChange={(e) => setHiddenFields(hiddenFields.map((k, i) => (i === at ? e.target.value : k)))}
                      />
                      <Button
                        variant="ghost"
                        size="sm"
                        className="shrink-0 text-red-700 hover:bg-red-50"
                        disabled={disabled}
                        aria-label={t('settings.removeHiddenField', { number: at + 1 })}
                        onClick={() => setHiddenFields(hiddenFields.filter((_, i) => i !== at))}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </Button>
                    </div>
                  )}
                </Field>
              </li>
            ))}
          </ul>
        )}
        {hiddenListMessage && <p className="text-sm text-red-700">{hiddenListMessage}</p>}
        {pattern && (
          <p className="text-sm text-slate-700">
            <Trans
              t={t}
              i18nKey="settings.addToLink"
              values={{ pattern }}
              components={{ code: <code className="rounded bg-slate-100 px-1 break-all" dir="ltr" /> }}
            />
          </p>
        )}
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || hiddenFields.length >= SETTINGS_LIMITS.hiddenFields}
          onClick={() => setHiddenFields([...hiddenFields, ''])}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t('settings.addHiddenField')}
        </Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('settings.welcome')}</legend>
        <CheckboxField
          name="welcome.enabled"
          label={t('settings.showWelcome')}
          hint={t('settings.showWelcomeHint')}
          checked={welcomeOn}
          disabled={disabled}
          onChange={(checked) => {
            setValue('welcome.enabled', checked, { shouldDirty: true });
            clearErrors('welcome');
          }}
        />
        {welcomeOn && (
          <div className="space-y-3">
            <FormTextField<SurveyDraft>
              label={t('settings.welcomeTitle')}
              name="welcome.title"
              required
              maxLength={SETTINGS_LIMITS.welcomeTitle}
              autoComplete="off"
            />
            <TextArea name="welcome.text" label={t('settings.welcomeText')} max={SETTINGS_LIMITS.screenText} />
            <FormTextField<SurveyDraft>
              label={t('settings.buttonLabel')}
              name="welcome.buttonLabel"
              hint={t('settings.buttonLabelHint')}
              maxLength={SETTINGS_LIMITS.buttonLabel}
              autoComplete="off"
            />
          </div>
        )}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('settings.thankYou')}</legend>
        <p className="text-sm text-slate-600">{t('settings.thankYouIntro')}</p>
        <FormTextField<SurveyDraft>
          label={t('settings.thankYouTitle')}
          name="thankYou.title"
          maxLength={SETTINGS_LIMITS.thankYouTitle}
          autoComplete="off"
        />
        <TextArea name="thankYou.text" label={t('settings.thankYouText')} max={SETTINGS_LIMITS.screenText} />
        <FormTextField<SurveyDraft>
          label={t('settings.redirectUrl')}
          name="thankYou.redirectUrl"
          type="url"
          hint={t('settings.redirectUrlHint')}
          maxLength={SETTINGS_LIMITS.url}
          autoComplete="off"
        />
      </fieldset>
    </Card>
  );
}

/** A labelled multi-line text of the settings, with its message. */
function TextArea({ name, label, max }: { name: 'welcome.text' | 'thankYou.text'; label: string; max: number }) {
  const { register, clearErrors, getFieldState, formState } = useFormContext<SurveyDraft>();
  const { error } = getFieldState(name, formState);
  const { t } = useTranslation('editor');
  return (
    <Field
      label={label}
      hint={t('settings.textHint', { max })}
      error={error?.message && translateValidationMessage(error.message)}
    >
      {({ id, describedBy, invalid }) => (
        <Textarea
          id={id}
          rows={3}
          maxLength={max}
          {...register(name, { onChange: () => error && clearErrors(name) })}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        />
      )}
    </Field>
  );
}
