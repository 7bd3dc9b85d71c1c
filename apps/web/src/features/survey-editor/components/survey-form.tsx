import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '@/i18n/validation-messages';
import type { Survey } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Toast } from '@/components/ui/toast';
import { Form } from '@/components/ui/form';
import { openPreview } from '@/lib/preview-handoff';
import { draftContent, useKeepDraftOnSessionEnd, useKeptEdits, useRestoredDraft } from '../hooks/use-kept-draft';
import { useQuestionList } from '../hooks/use-question-list';
import { useSaveConflicts } from '../hooks/use-save-conflicts';
import { useSurveySave } from '../hooks/use-survey-save';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { draftFromSurvey, emptyDraft, previewSurveyOf, type SurveyDraft } from '../lib/editor-model';
import { currentError, draftResolver, fieldPath, focusDraftField } from '../lib/form-errors';
import { ConflictDialog } from './conflict-dialog';
import { GeneratedNotice } from './generated-notice';
import { KeptEditsBanner } from './kept-edits-banner';
import { LanguagesPanel } from './languages-panel';
import { LeaveDialog } from './leave-dialog';
import { QuestionsSection } from './questions-section';
import { SaveBar } from './save-bar';
import { SettingsPanel } from './settings-panel';
import { SuccessOverlay } from './success-overlay';
import { SurveyDetailsCard } from './survey-details-card';

/** The form's texts by mode: keys of the `editor` catalog (the success message is the contract's). */
const TEXTS = {
  create: {
    submit: 'editor:form.createSubmit',
    submitting: 'editor:form.creating',
    success: 'contract:validation.created',
    failure: 'editor:form.createFailed',
  },
  edit: {
    submit: 'editor:form.updateSubmit',
    submitting: 'editor:form.updating',
    success: 'contract:validation.updated',
    failure: 'editor:form.updateFailed',
  },
} as const;

export type SurveyFormProps =
  | {
      mode: 'create';
      /** The workspace the survey is made in; the caller's personal one when absent. */
      workspaceId?: string;
    }
  | { mode: 'edit'; survey: Survey };

/**
 * The create/edit form: fields, questions, the submit checks in order, save and redirect. An edit sends the
 * `version` it loaded (then the one each save answers); when someone else saved in between, the server refuses
 * and the conflict dialog offers their version or keeping the form's.
 */
export function SurveyForm(props: SurveyFormProps) {
  const { mode } = props;
  const survey = props.mode === 'edit' ? props.survey : null;
  const workspaceId = props.mode === 'create' ? props.workspaceId : undefined;
  const texts = TEXTS[mode];
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);

  const [baseline, setBaseline] = useState(() => (survey ? draftFromSurvey(survey) : emptyDraft()));
  // The survey left unsaved here when the session ended, if any, comes back after logging in again.
  const restored = useRestoredDraft();
  const form = useForm<SurveyDraft>({
    defaultValues: restored ?? baseline,
    resolver: draftResolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The field at fault takes focus below: an option's message belongs to its first blank option.
    shouldFocusError: false,
  });
  const { control, formState } = form;
  useKeepDraftOnSessionEnd(form.getValues, baseline);
  const [announcement, setAnnouncement] = useState('');
  const focusField = (path: string) => focusDraftField(formRef.current, form.getValues, path);
  const conflicts = useSaveConflicts({ survey, form, setBaseline, announce: setAnnouncement });
  const { saved, dashboard, onSubmit } = useSurveySave({
    survey,
    workspaceId,
    form,
    failure: texts.failure,
    focusField,
    conflicts,
  });
  const questions = useQuestionList(form, setAnnouncement);

  // Never lose an edit: every change is kept in this browser until saved, and leaving with changes asks first.
  // Without a name, useWatch gives the whole form (every field has a default value).
  const values = useWatch({ control }) as SurveyDraft;
  const kept = useKeptEdits(values, baseline, saved, restored !== null);
  const unsaved = !saved && (restored !== null || draftContent(values) !== draftContent(baseline));
  // A drafted translation is of the survey as saved: the author's own texts must be as saved (translations aside).
  const textsSaved =
    restored === null &&
    draftContent({ ...values, translations: {} }) === draftContent({ ...baseline, translations: {} });
  const blocker = useUnsavedChangesGuard(unsaved);

  const submitting = formState.isSubmitting;
  const busy = submitting || saved;

  const onInvalid = (errors: FieldErrors<SurveyDraft>) => {
    const at = currentError(errors);
    if (at) focusField(at.path);
  };

  /**
   * Opens the draft as it stands in the preview (nothing saved), in its default language or `language`; a draft
   * that would not save says why first.
   */
  const onPreview = (language?: string) => {
    const result = previewSurveyOf(form.getValues(), survey?.surveyId, language);
    if (!result.ok) {
      form.clearErrors();
      const path = fieldPath(result.at);
      form.setError(path as FieldPath<SurveyDraft>, { type: 'validate', message: result.message });
      focusField(path);
      return;
    }
    openPreview(result.survey, survey?.surveyId);
  };

  const shownError = currentError(formState.errors)?.message;
  const message = shownError && translateValidationMessage(shownError);
  const shownQuestionsError = formState.errors.questions?.root?.message;
  const questionsMessage = shownQuestionsError && translateValidationMessage(shownQuestionsError);

  return (
    <>
      {kept.offer && (
        <KeptEditsBanner
          keptAt={kept.offer.keptAt}
          onRestore={() => {
            if (kept.offer) form.reset(kept.offer.draft);
            kept.settle();
          }}
          onDiscard={kept.discard}
        />
      )}
      {restored && (
        <Banner tone="info" className="mb-6">
          {t('form.sessionEnded')}
        </Banner>
      )}
      {survey && <GeneratedNotice surveyId={survey.surveyId} generator={survey.generator} />}
      {survey?.state === 'active' && (
        <Banner tone="warning" className="mb-6">
          {t('form.liveWarning', { responses: survey.responseCount })}
        </Banner>
      )}
      <Form
        ref={formRef}
        form={form}
        onSubmit={onSubmit}
        onInvalid={onInvalid}
        noValidate
        className="space-y-6"
        aria-busy={busy}
      >
        <SurveyDetailsCard />
        <QuestionsSection list={questions} busy={busy} message={questionsMessage} announcement={announcement} />
        <SettingsPanel disabled={busy} />
        <LanguagesPanel disabled={busy} surveyId={survey?.surveyId} textsSaved={textsSaved} onPreview={onPreview} />
        <SaveBar
          message={message}
          overwriting={conflicts.overwriting}
          busy={busy}
          submitting={submitting}
          submitLabel={submitting ? t(texts.submitting) : saved ? t('form.redirecting') : t(texts.submit)}
          onPreview={() => onPreview()}
          onCancel={() => void navigate(dashboard)}
        />
      </Form>
      {saved && <SuccessOverlay message={t(texts.success)} />}
      <ConflictDialog
        conflict={conflicts.conflict}
        loading={conflicts.loadingTheirs}
        onLoadTheirs={() => void conflicts.onLoadTheirs()}
        onKeepMine={() => void conflicts.onKeepMine()}
      />
      {questions.removed && (
        <Toast actionLabel={t('form.undo')} onAction={questions.undoRemove} onDismiss={questions.dismissRemoved}>
          {t('form.removed', { number: questions.removed.index + 1 })}
        </Toast>
      )}
      <LeaveDialog blocker={blocker} />
    </>
  );
}
