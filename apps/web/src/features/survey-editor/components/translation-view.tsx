import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Eye, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, SETTINGS_LIMITS, type SurveyTranslation } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { languageName, textDirection } from '@/lib/language-names';
import { useAiTranslationOffered, useTranslateSurvey } from '../api/translate-survey';
import type { SurveyDraft } from '../lib/editor-model';
import {
  fillFromDraft,
  translatableTexts,
  withTextAt,
  type TextPart,
  type TranslatableText,
} from '../lib/translations';

/** The most a translated text may have, as the contract allows it. */
function maxLengthOf(at: TextPart): number {
  switch (at.part) {
    case 'title':
      return LIMITS.title;
    case 'welcomeTitle':
      return SETTINGS_LIMITS.welcomeTitle;
    case 'welcomeButton':
      return SETTINGS_LIMITS.buttonLabel;
    case 'thankYouTitle':
      return SETTINGS_LIMITS.thankYouTitle;
    case 'welcomeText':
    case 'thankYouText':
      return SETTINGS_LIMITS.screenText;
    case 'questionHelp':
      return LIMITS.description;
    case 'label':
      return 100;
    default:
      return LIMITS.text;
  }
}

/**
 * Translating the survey into `language` side by side: each text of the survey in its default language (read
 * only) next to its translation, the missing ones marked and counted, optionally only those; "Translate with AI"
 * fills a draft in for review. Every change is the form's: saved with the survey.
 */
export function TranslationView({
  language,
  surveyId,
  textsSaved,
  disabled,
  onClose,
  onPreview,
}: {
  language: string;
  surveyId: string | undefined;
  textsSaved: boolean;
  disabled: boolean;
  onClose: () => void;
  onPreview: () => void;
}) {
  const { t } = useTranslation('editor');
  const { control, setValue, getValues } = useFormContext<SurveyDraft>();
  const defaultLanguage = useWatch({ control, name: 'defaultLanguage' });
  const translations = useWatch({ control, name: 'translations' });
  const [title, questions, welcome, thankYou] = useWatch({
    control,
    name: ['title', 'questions', 'welcome', 'thankYou'],
  });
  const draft = { title, questions, welcome, thankYou };
  const translation = translations[language];
  const texts = translatableTexts(draft, translation);
  const missing = texts.filter((text) => text.translated.trim() === '').length;
  /** With "Show missing only": the texts missing when it was switched on (they stay while being typed). */
  const [onlyPaths, setOnlyPaths] = useState<ReadonlySet<string> | null>(null);
  /** Texts the AI drafted that the author has not touched since. */
  const [drafted, setDrafted] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<{ proposed: SurveyTranslation; typed: number } | null>(null);
  const [status, setStatus] = useState('');
  const headingId = useId();
  const countId = useId();
  const name = languageName(language);
  const defaultName = languageName(defaultLanguage);
  const rtl = textDirection(language) === 'rtl';
  const sourceRtl = textDirection(defaultLanguage) === 'rtl';
  const ai = useTranslateSurvey(surveyId ?? '');
  const aiOffered = useAiTranslationOffered();
  const [failure, setFailure] = useState<string | null>(null);

  const shown = onlyPaths ? texts.filter((text) => onlyPaths.has(text.path)) : texts;

  const setTranslation = (next: SurveyTranslation) =>
    setValue('translations', { ...getValues('translations'), [language]: next }, { shouldDirty: true });

  const onType = (path: string, value: string) => {
    setTranslation(withTextAt(getValues('translations')[language] ?? {}, path, value));
    if (drafted.has(path)) setDrafted(new Set([...drafted].filter((p) => p !== path)));
  };

  /** The AI's draft into the form: empty texts always, typed ones only when `replace`. */
  const applyDraft = (proposed: SurveyTranslation, replace: boolean) => {
    const current = getValues('translations')[language];
    const result = fillFromDraft(getValues(), current, proposed, replace);
    setTranslation(result.translation);
    setDrafted(new Set([...drafted, ...result.filled]));
    setStatus(t('translate.drafted', { count: result.filled.length }));
  };

  const onDraft = () => {
    setStatus(t('translate.drafting', { language: name }));
    setFailure(null);
    ai.mutate(language, {
      onSuccess: (proposed) => {
        const check = fillFromDraft(getValues(), getValues('translations')[language], proposed);
        if (check.typed.length > 0) {
          setPending({ proposed, typed: check.typed.length });
          return;
        }
        applyDraft(proposed, false);
      },
      onError: (error) => {
        setStatus('');
        setFailure(t('translate.aiFailed', { reason: errorMessage(error, t('translate.aiUnknown')) }));
      },
    });
  };

  const partLabel = (at: TextPart): string => {
    switch (at.part) {
      case 'questionText':
        return t('translate.parts.questionText', { number: at.question + 1 });
      case 'questionHelp':
        return t('translate.parts.questionHelp', { number: at.question + 1 });
      case 'option':
        return t('translate.parts.option', { number: at.question + 1, item: at.item + 1 });
      case 'row':
        return t('translate.parts.row', { number: at.question + 1, item: at.item + 1 });
      case 'label':
        return t('translate.parts.label', { number: at.question + 1, value: at.value });
      default:
        return t(`translate.parts.${at.part}`);
    }
  };

  const cannotDraft = !surveyId || !textsSaved ? t('translate.saveFirst') : null;

  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <section aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="text-lg font-semibold">
              {t('translate.heading', { language: name })}
            </h2>
            <p id={countId} className={missing > 0 ? 'text-sm text-amber-800' : 'text-sm text-green-700'}>
              {missing > 0 ? t('translate.missingCount', { count: missing }) : t('translate.allTranslated')}
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('translate.close')}
          </Button>
        </div>

        <div className="flex flex-wrap items-center gap-2">
          {aiOffered && (
            <Button
              variant="secondary"
              size="sm"
              loading={ai.isPending}
              disabled={disabled || cannotDraft !== null}
              disabledReason={cannotDraft}
              onClick={onDraft}
            >
              <Sparkles className="size-4" aria-hidden="true" />
              {ai.isPending ? t('translate.aiRunning') : t('translate.ai')}
            </Button>
          )}
          <Button variant="secondary" size="sm" disabled={disabled} onClick={onPreview}>
            <Eye className="size-4" aria-hidden="true" />
            {t('translate.preview', { language: name })}
          </Button>
        </div>
        {aiOffered && cannotDraft && <p className="text-sm text-slate-600">{cannotDraft}</p>}
        {failure && (
          <Banner tone="error" onClose={() => setFailure(null)}>
            {failure}
          </Banner>
        )}
        <p className="sr-only" role="status">
          {status}
        </p>

        <CheckboxField
          name={`missingOnly-${language}`}
          label={t('translate.missingOnly')}
          hint={t('translate.missingOnlyHint')}
          checked={onlyPaths !== null}
          onChange={(on) =>
            setOnlyPaths(
              on ? new Set(texts.filter((text) => text.translated.trim() === '').map((text) => text.path)) : null,
            )
          }
        />

        <div className="hidden gap-4 border-b border-slate-200 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid sm:grid-cols-2">
          <span>{t('translate.sourceColumn', { language: defaultName })}</span>
          <span>{t('translate.targetColumn', { language: name })}</span>
        </div>
        {shown.length === 0 ? (
          <p className="text-sm text-slate-600">{t('translate.nothingShown')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {shown.map((text) => (
              <TextRow
                key={text.path}
                text={text}
                label={partLabel(text.at)}
                languageLabel={name}
                sourceLanguage={defaultLanguage}
                sourceRtl={sourceRtl}
                language={language}
                rtl={rtl}
                drafted={drafted.has(text.path)}
                disabled={disabled}
                onChange={(value) => onType(text.path, value)}
              />
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={pending !== null}
        title={t('translate.replaceTitle', { count: pending?.typed ?? 0 })}
        confirmLabel={t('translate.replace')}
        cancelLabel={t('translate.keepMine')}
        onConfirm={() => {
          if (pending) applyDraft(pending.proposed, true);
          setPending(null);
        }}
        onCancel={() => {
          if (pending) applyDraft(pending.proposed, false);
          setPending(null);
        }}
      >
        {t('translate.replaceBody', { count: pending?.typed ?? 0 })}
      </ConfirmDialog>
    </Card>
  );
}

/** One text: where it is and the author's words on one side, its translation on the other (stacked on a phone). */
function TextRow({
  text,
  label,
  languageLabel,
  sourceLanguage,
  sourceRtl,
  language,
  rtl,
  drafted,
  disabled,
  onChange,
}: {
  text: TranslatableText;
  label: string;
  languageLabel: string;
  sourceLanguage: string;
  sourceRtl: boolean;
  language: string;
  rtl: boolean;
  drafted: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('editor');
  const id = useId();
  const missing = text.translated.trim() === '';
  const describedBy = [`${id}-source`, missing || drafted ? `${id}-mark` : ''].filter(Boolean).join(' ');
  const inputProps = {
    id: `${id}-input`,
    name: `translation.${language}.${text.path}`,
    value: text.translated,
    lang: language,
    dir: rtl ? 'rtl' : 'ltr',
    maxLength: maxLengthOf(text.at),
    disabled,
    'aria-describedby': describedBy,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  } as const;
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-2 sm:gap-4" data-path={text.path}>
      <div className="min-w-0 space-y-1">
        <p className="text-xs font-medium text-slate-600">{label}</p>
        <p
          id={`${id}-source`}
          lang={sourceLanguage}
          dir={sourceRtl ? 'rtl' : 'ltr'}
          className="text-sm break-words whitespace-pre-wrap text-slate-900"
        >
          {text.source}
        </p>
      </div>
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2 text-xs font-medium text-slate-600">
          <label htmlFor={`${id}-input`}>{t('translate.inputLabel', { part: label, language: languageLabel })}</label>
          {missing ? (
            <span id={`${id}-mark`} className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-900">
              {t('translate.missing')}
            </span>
          ) : (
            drafted && (
              <span id={`${id}-mark`} className="rounded-full bg-accent-50 px-2 py-0.5 text-accent-800">
                {t('translate.draftedMark')}
              </span>
            )
          )}
        </div>
        {text.long ? <Textarea rows={2} {...inputProps} /> : <Input {...inputProps} />}
      </div>
    </li>
  );
}
