import { useId } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { NOTIFY_ON_RESPONSE, NOTIFY_ON_RESPONSE_LABELS, SETTINGS_LIMITS } from '@quorum/contract';
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
  const hiddenMessage = (at: number) => errors.hiddenFields?.[at]?.message;
  const hiddenListMessage = errors.hiddenFields?.message ?? errors.hiddenFields?.root?.message;

  return (
    <Card className="space-y-6 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Settings</h2>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">When it collects</legend>
        <p id={timesNoteId} className="text-sm text-slate-600">
          {timeZoneNote()}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField<SurveyDraft>
            label="Opens at"
            name="opensAt"
            type="datetime-local"
            hint="Optional. Before then the public page says when the survey opens."
            extraDescribedBy={timesNoteId}
            clears={['closesAt']}
          />
          <FormTextField<SurveyDraft>
            label="Closes at"
            name="closesAt"
            type="datetime-local"
            hint="Optional. The survey closes by itself at this time."
            extraDescribedBy={timesNoteId}
            clears={['opensAt']}
          />
        </div>
        <FormTextField<SurveyDraft>
          label="Response limit"
          name="responseLimit"
          type="number"
          inputMode="numeric"
          min={1}
          max={SETTINGS_LIMITS.responseLimit}
          step={1}
          hint="Optional. The survey closes by itself when it has this many responses."
          fieldClassName="sm:max-w-xs"
        />
        <CheckboxField
          name="oneResponsePerBrowser"
          label="One response per browser"
          hint="A courtesy limit, not identity: it stops a second response from the same browser, but someone can still answer again from another browser or after clearing its data."
          checked={oneResponse}
          disabled={disabled}
          onChange={(checked) => setValue('oneResponsePerBrowser', checked, { shouldDirty: true })}
        />
      </fieldset>

      <fieldset className="space-y-3" aria-describedby={notifyNoteId}>
        <legend className="text-base font-semibold">Email me about new responses</legend>
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
                {NOTIFY_ON_RESPONSE_LABELS[value]}
              </label>
            </div>
          ))}
        </div>
        <p id={notifyNoteId} className="text-sm text-slate-600">
          {notifyOnResponse === 'daily'
            ? 'One email a day with the number of new responses and the latest answers, only on days with new responses.'
            : notifyOnResponse === 'each'
              ? 'One email for each response, with its answers.'
              : 'No emails about responses.'}{' '}
          You always get an email when the survey closes by itself (its closing time or its response limit). Every email
          about responses has a link to stop them.
        </p>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">Hidden fields</legend>
        <p className="text-sm text-slate-600">
          Values taken from the survey link, e.g. where respondents came from. They show with each response and in the
          CSV.
        </p>
        {hiddenFields.length > 0 && (
          <ul className="space-y-2">
            {hiddenFields.map((key, at) => (
              <li key={at}>
                <Field label={`Hidden field ${at + 1} name`} error={hiddenMessage(at)}>
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
                        aria-label={`Remove hidden field ${at + 1}`}
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
            Add them to the survey link: <code className="rounded bg-slate-100 px-1 break-all">{pattern}</code>
          </p>
        )}
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || hiddenFields.length >= SETTINGS_LIMITS.hiddenFields}
          onClick={() => setHiddenFields([...hiddenFields, ''])}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add hidden field
        </Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">Welcome screen</legend>
        <CheckboxField
          name="welcome.enabled"
          label="Show a welcome screen"
          hint="A first screen with a title, a text and a start button, before the first question."
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
              label="Welcome title"
              name="welcome.title"
              required
              maxLength={SETTINGS_LIMITS.welcomeTitle}
              autoComplete="off"
            />
            <TextArea name="welcome.text" label="Welcome text" max={SETTINGS_LIMITS.screenText} />
            <FormTextField<SurveyDraft>
              label="Button label"
              name="welcome.buttonLabel"
              hint="Optional. Left blank, the button keeps its usual label."
              maxLength={SETTINGS_LIMITS.buttonLabel}
              autoComplete="off"
            />
          </div>
        )}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">Thank-you screen</legend>
        <p className="text-sm text-slate-600">Optional. Anything left blank keeps the usual thank-you.</p>
        <FormTextField<SurveyDraft>
          label="Thank-you title"
          name="thankYou.title"
          maxLength={SETTINGS_LIMITS.thankYouTitle}
          autoComplete="off"
        />
        <TextArea name="thankYou.text" label="Thank-you text" max={SETTINGS_LIMITS.screenText} />
        <FormTextField<SurveyDraft>
          label="Redirect URL"
          name="thankYou.redirectUrl"
          type="url"
          hint="Optional. An http(s) address respondents are sent to after a short pause."
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
  return (
    <Field label={label} hint={`Optional. At most ${max} characters.`} error={error?.message}>
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
