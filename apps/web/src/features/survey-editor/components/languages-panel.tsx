import { useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Languages, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SurveyTranslations } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field, Select } from '@/components/ui/field';
import { currentLanguage } from '@/i18n/i18n';
import { languageName } from '@/lib/language-names';
import type { SurveyDraft } from '../lib/editor-model';
import { canAddLanguage, COMMON_LANGUAGES, missingCount } from '../lib/translations';
import { TranslationView } from './translation-view';

/** Language codes as the interface names them, in its alphabetical order. */
function byName(codes: Iterable<string>): Array<{ code: string; name: string }> {
  const locale = currentLanguage();
  return [...new Set(codes)]
    .map((code) => ({ code, name: languageName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/**
 * The survey's "Languages": the language its author writes in, the languages it is translated into (each with
 * how many texts are missing, to translate or remove), adding one, and the side-by-side translation of the one
 * chosen. Nothing here is saved until the survey is.
 */
export function LanguagesPanel({
  disabled,
  surveyId,
  textsSaved,
  onPreview,
}: {
  disabled: boolean;
  /** The saved survey's id; absent for a new one. */
  surveyId: string | undefined;
  /** Whether the author's own texts are as saved (a drafted translation is of the saved survey). */
  textsSaved: boolean;
  onPreview: (language: string) => void;
}) {
  const { t } = useTranslation('editor');
  const { control, register, setValue } = useFormContext<SurveyDraft>();
  const defaultLanguage = useWatch({ control, name: 'defaultLanguage' });
  const translations = useWatch({ control, name: 'translations' });
  const [title, questions, welcome, thankYou] = useWatch({
    control,
    name: ['title', 'questions', 'welcome', 'thankYou'],
  });
  const texts = { title, questions, welcome, thankYou };
  const added = Object.keys(translations);
  const [open, setOpen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const addId = useId();
  const addSelect = useRef<HTMLSelectElement>(null);
  const headingId = useId();

  const defaultChoices = byName([...COMMON_LANGUAGES, defaultLanguage].filter((code) => !added.includes(code)));
  const addChoices = byName(COMMON_LANGUAGES.filter((code) => code !== defaultLanguage && !added.includes(code)));
  const [toAdd, setToAdd] = useState('');
  const chosen = addChoices.some((choice) => choice.code === toAdd) ? toAdd : (addChoices[0]?.code ?? '');

  const setTranslations = (next: SurveyTranslations) => setValue('translations', next, { shouldDirty: true });

  const onAdd = () => {
    if (!chosen || !canAddLanguage(translations)) return;
    setTranslations({ ...translations, [chosen]: {} });
    setOpen(chosen);
    setAnnouncement(t('languages.added', { language: languageName(chosen) }));
  };

  const onRemove = () => {
    if (!removing) return;
    const { [removing]: _removed, ...rest } = translations;
    setTranslations(rest);
    if (open === removing) setOpen(null);
    setAnnouncement(t('languages.removed', { language: languageName(removing) }));
    setRemoving(null);
    // Its Remove button is gone: the choice of a language to add takes focus once the dialog has closed.
    setTimeout(() => addSelect.current?.focus(), 0);
  };

  return (
    <>
      <Card className="space-y-5 p-4 sm:p-6">
        <section aria-labelledby={headingId} className="space-y-5">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
            <Languages className="size-5 text-accent-600" aria-hidden="true" />
            {t('languages.heading')}
          </h2>
          <Field label={t('languages.default')} hint={t('languages.defaultHint')} className="sm:max-w-sm">
            {({ id, describedBy }) => (
              <Select id={id} {...register('defaultLanguage')} disabled={disabled} aria-describedby={describedBy}>
                {defaultChoices.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </Select>
            )}
          </Field>

          <div className="space-y-2">
            <h3 className="text-base font-semibold">{t('languages.translations')}</h3>
            {added.length === 0 ? (
              <p className="text-sm text-slate-600">{t('languages.none')}</p>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-card border border-slate-200">
                {added.map((code) => {
                  const missing = missingCount(texts, translations[code]);
                  const name = languageName(code);
                  return (
                    <li key={code} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                      <div className="min-w-0">
                        <p className="font-medium">
                          {name}
                          {languageName(code, code) !== name && (
                            <span lang={code} className="ms-1 font-normal text-slate-600">
                              ({languageName(code, code)})
                            </span>
                          )}
                        </p>
                        <p className={missing > 0 ? 'text-sm text-amber-800' : 'text-sm text-green-700'}>
                          {missing > 0 ? t('languages.missing', { count: missing }) : t('languages.complete')}
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-1">
                        <Button
                          size="sm"
                          variant={open === code ? 'primary' : 'secondary'}
                          aria-label={t('languages.translateLabel', { language: name })}
                          aria-expanded={open === code}
                          onClick={() => setOpen(open === code ? null : code)}
                        >
                          {t('languages.translate')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-700 hover:bg-red-50"
                          disabled={disabled}
                          aria-label={t('languages.removeLabel', { language: name })}
                          onClick={() => setRemoving(code)}
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                          {t('languages.remove')}
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>

          {canAddLanguage(translations) && addChoices.length > 0 && (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <Field label={t('languages.toAdd')} className="min-w-0 sm:w-full sm:max-w-sm">
                {({ id }) => (
                  <Select
                    ref={addSelect}
                    id={id}
                    name={addId}
                    value={chosen}
                    disabled={disabled}
                    onChange={(e) => setToAdd(e.target.value)}
                  >
                    {addChoices.map(({ code, name }) => (
                      <option key={code} value={code}>
                        {name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Button variant="secondary" disabled={disabled} onClick={onAdd}>
                <Plus className="size-4" aria-hidden="true" />
                {t('languages.add')}
              </Button>
            </div>
          )}
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>
        </section>
      </Card>
      {open && Object.hasOwn(translations, open) && (
        <TranslationView
          key={open}
          language={open}
          surveyId={surveyId}
          textsSaved={textsSaved}
          disabled={disabled}
          onClose={() => setOpen(null)}
          onPreview={() => onPreview(open)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('languages.removeTitle', { language: removing ? languageName(removing) : '' })}
        confirmLabel={t('languages.remove')}
        cancelLabel={t('languages.keep')}
        tone="danger"
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      >
        {t('languages.removeBody')}
      </ConfirmDialog>
    </>
  );
}
