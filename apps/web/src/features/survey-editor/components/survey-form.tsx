import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Eye, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { translateValidationMessage } from '@/i18n/validation-messages';
import { LIMITS, projectIdFrom, type Survey } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Toast } from '@/components/ui/toast';
import { Form, FormTextField } from '@/components/ui/form';
import { openPreview } from '@/lib/preview-handoff';
import { draftContent, useKeepDraftOnSessionEnd, useKeptEdits, useRestoredDraft } from '../hooks/use-kept-draft';
import { useSaveConflicts } from '../hooks/use-save-conflicts';
import { useSurveySave } from '../hooks/use-survey-save';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import {
  canAddQuestion,
  canRemoveQuestion,
  draftFromSurvey,
  emptyDraft,
  newQuestion,
  previewSurveyOf,
  type QuestionDraft,
  type SurveyDraft,
} from '../lib/editor-model';
import { currentError, draftResolver, fieldPath, focusDraftField } from '../lib/form-errors';
import { BrandingImageField } from './branding-image-field';
import { ConflictDialog } from './conflict-dialog';
import { GeneratedNotice } from './generated-notice';
import { LanguagesPanel } from './languages-panel';
import { QuestionEditor } from './question-editor';
import { SettingsPanel } from './settings-panel';
import { SuccessOverlay } from './success-overlay';

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
  const moveButtons = useRef(new Map<string, { up: HTMLButtonElement | null; down: HTMLButtonElement | null }>());

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
  const questions = useFieldArray({ control, name: 'questions' });
  const projectName = useWatch({ control, name: 'projectName' });
  const [removed, setRemoved] = useState<{ question: QuestionDraft; index: number } | null>(null);

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
  const dismissRemoved = useCallback(() => setRemoved(null), []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const submitting = formState.isSubmitting;
  const busy = submitting || saved;

  const onInvalid = (errors: FieldErrors<SurveyDraft>) => {
    const at = currentError(errors);
    if (at) focusField(at.path);
  };

  const onMove = (index: number, direction: -1 | 1) => {
    const field = questions.fields[index];
    if (!field) return;
    const target = index + direction;
    // The list is updated at once, so focus can stay on the moved question's button (or its twin at the
    // list's edge).
    flushSync(() => questions.move(index, target));
    const buttons = moveButtons.current.get(field.id);
    const preferred = direction === -1 ? buttons?.up : buttons?.down;
    const other = direction === -1 ? buttons?.down : buttons?.up;
    (preferred && !preferred.disabled ? preferred : other)?.focus();
    setAnnouncement(t('form.moved', { from: index + 1, to: target + 1, total: questions.fields.length }));
  };

  /** Dropping a dragged question (pointer or keyboard) moves it like the Move buttons do. */
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = questions.fields.findIndex((f) => f.id === active.id);
    const to = questions.fields.findIndex((f) => f.id === over.id);
    if (from < 0 || to < 0) return;
    questions.move(from, to);
    setAnnouncement(t('form.moved', { from: from + 1, to: to + 1, total: questions.fields.length }));
  };

  const positionOf = (id: string | number) => questions.fields.findIndex((f) => f.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('form.pickedUp', { number: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('form.draggedOver', { number: positionOf(active.id), position: positionOf(over.id) }) : '',
    onDragEnd: ({ active, over }) =>
      over
        ? t('form.droppedAt', { number: positionOf(active.id), position: positionOf(over.id) })
        : t('form.dropped', { number: positionOf(active.id) }),
    onDragCancel: ({ active }) => t('form.dragCancelled', { number: positionOf(active.id) }),
  };

  const onRemove = (index: number) => {
    const question = form.getValues(`questions.${index}`);
    questions.remove(index);
    setRemoved({ question, index });
    setAnnouncement(t('form.removed', { number: index + 1 }));
  };

  const onUndoRemove = () => {
    if (!removed) return;
    const at = Math.min(removed.index, questions.fields.length);
    questions.insert(at, removed.question, { focusName: `questions.${at}.text` });
    setRemoved(null);
    setAnnouncement(t('form.restored', { number: at + 1 }));
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

  const moveButton = (id: string, which: 'up' | 'down') => (el: HTMLButtonElement | null) => {
    const entry = moveButtons.current.get(id) ?? { up: null, down: null };
    entry[which] = el;
    moveButtons.current.set(id, entry);
  };

  const projectId = projectIdFrom(projectName);
  const shownError = currentError(formState.errors)?.message;
  const message = shownError && translateValidationMessage(shownError);
  const shownQuestionsError = formState.errors.questions?.root?.message;
  const questionsMessage = shownQuestionsError && translateValidationMessage(shownQuestionsError);

  return (
    <>
      {kept.offer && (
        <Banner tone="info" className="mb-6" title={t('form.keptTitle')}>
          <p>{t('form.keptBody', { keptAt: formatDateTime(new Date(kept.offer.keptAt).toISOString()) })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => {
                if (kept.offer) form.reset(kept.offer.draft);
                kept.settle();
              }}
            >
              {t('form.restore')}
            </Button>
            <Button size="sm" variant="secondary" onClick={kept.discard}>
              {t('form.discard')}
            </Button>
          </div>
        </Banner>
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
                  form.clearErrors('brandingImageUrl');
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

        <section aria-labelledby="questions-heading" className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="questions-heading" className="text-lg font-semibold">
              {t('form.questions')}
            </h2>
            <p className="text-sm text-slate-600">
              {t('form.questionCount', { count: questions.fields.length, max: LIMITS.questions })}
            </p>
          </div>
          {questionsMessage && <p className="text-sm text-red-700">{questionsMessage}</p>}
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable: t('form.dragInstructions'),
              },
            }}
          >
            <SortableContext items={questions.fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
              <ol className="space-y-4">
                {questions.fields.map((field, index) => (
                  <QuestionEditor
                    key={field.id}
                    sortableId={field.id}
                    index={index}
                    total={questions.fields.length}
                    canRemove={canRemoveQuestion({ questions: questions.fields })}
                    buttonsDisabled={busy}
                    onRemove={() => onRemove(index)}
                    onMove={(direction) => onMove(index, direction)}
                    moveUpRef={moveButton(field.id, 'up')}
                    moveDownRef={moveButton(field.id, 'down')}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
          <Button
            variant="secondary"
            className="w-full border-dashed sm:w-auto"
            disabled={busy || !canAddQuestion({ questions: questions.fields })}
            onClick={() => {
              const added = questions.fields.length;
              questions.append(newQuestion(), { focusName: `questions.${added}.text` });
              setAnnouncement(t('form.added', { number: added + 1 }));
            }}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('form.addQuestion')}
          </Button>
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>
        </section>

        <SettingsPanel disabled={busy} />

        <LanguagesPanel disabled={busy} surveyId={survey?.surveyId} textsSaved={textsSaved} onPreview={onPreview} />

        <div className="sticky bottom-0 -mx-4 space-y-3 border-t border-slate-200 bg-slate-50/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-card sm:border sm:bg-white/95 sm:px-6">
          {message && (
            <Banner tone="error" className="py-2">
              {message}
            </Banner>
          )}
          {conflicts.overwriting && !message && (
            <Banner tone="warning" className="py-2">
              {t('form.overwriting', { name: conflicts.overwriting })}
            </Banner>
          )}
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <Button variant="secondary" className="flex-1 sm:flex-none" disabled={busy} onClick={() => onPreview()}>
              <Eye className="size-4" aria-hidden="true" />
              {t('form.preview')}
            </Button>
            <Button
              variant="secondary"
              className="flex-1 sm:flex-none"
              disabled={busy}
              onClick={() => void navigate(dashboard)}
            >
              {t('form.cancel')}
            </Button>
            <Button type="submit" className="flex-2 sm:flex-none" disabled={busy} aria-busy={submitting}>
              {submitting ? t(texts.submitting) : saved ? t('form.redirecting') : t(texts.submit)}
            </Button>
          </div>
        </div>
      </Form>
      {saved && <SuccessOverlay message={t(texts.success)} />}
      <ConflictDialog
        conflict={conflicts.conflict}
        loading={conflicts.loadingTheirs}
        onLoadTheirs={() => void conflicts.onLoadTheirs()}
        onKeepMine={() => void conflicts.onKeepMine()}
      />
      {removed && (
        <Toast actionLabel={t('form.undo')} onAction={onUndoRemove} onDismiss={dismissRemoved}>
          {t('form.removed', { number: removed.index + 1 })}
        </Toast>
      )}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('form.leaveTitle')}
        confirmLabel={t('form.leave')}
        cancelLabel={t('form.stay')}
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {t('form.leaveBody')}
      </ConfirmDialog>
    </>
  );
}
