import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { paths } from '@/config/paths';
import { LIMITS, projectIdFrom, SURVEY_MESSAGES, type Survey } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { imageCheckQueryOptions } from '../api/check-image';
import { useCreateSurvey } from '../api/create-survey';
import { useUpdateSurvey } from '../api/update-survey';
import {
  addQuestion,
  brandingUrlStatus,
  canAddQuestion,
  canRemoveQuestion,
  draftFromSurvey,
  emptyDraft,
  IMAGE_URL_MESSAGE,
  moveQuestion,
  removeQuestion,
  updateQuestion,
  validateDraft,
  type FieldRef,
  type SurveyDraft,
} from '../lib/editor-model';
import { BrandingImageField } from './branding-image-field';
import { GeneratedNotice } from './generated-notice';
import { QuestionEditor, type QuestionErrors } from './question-editor';
import { SuccessOverlay } from './success-overlay';

/** After a successful save the form goes to the dashboard after 1.5 seconds. */
export const REDIRECT_AFTER_SAVE_MS = 1500;

type Phase = 'editing' | 'submitting' | 'success';

/** A validation message and where it belongs; questions are tracked by key so moves keep it in place. */
type FormError =
  | { message: string; field: 'projectName' | 'title' | 'brandingImageUrl' | 'questions' | 'form' }
  | { message: string; field: 'questionText' | 'questionOptions' | 'questionRating'; key: string };

const TEXTS = {
  create: {
    submit: 'Create Survey',
    submitting: 'Creating...',
    success: SURVEY_MESSAGES.created,
    failure: 'Failed to create survey',
  },
  edit: {
    submit: 'Update Survey',
    submitting: 'Updating...',
    success: SURVEY_MESSAGES.updated,
    failure: 'Failed to update survey',
  },
} as const;

export type SurveyFormProps = { mode: 'create' } | { mode: 'edit'; survey: Survey };

/** The create/edit form: fields, questions, the submit checks in order, save and redirect. */
export function SurveyForm(props: SurveyFormProps) {
  const { mode } = props;
  const survey = props.mode === 'edit' ? props.survey : null;
  const texts = TEXTS[mode];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createSurvey = useCreateSurvey();
  const updateSurvey = useUpdateSurvey(survey?.surveyId ?? '');
  const formRef = useRef<HTMLFormElement>(null);
  const moveButtons = useRef(new Map<string, { up: HTMLButtonElement | null; down: HTMLButtonElement | null }>());

  const [draft, setDraft] = useState<SurveyDraft>(() => (survey ? draftFromSurvey(survey) : emptyDraft()));
  const [phase, setPhase] = useState<Phase>('editing');
  const [formError, setFormError] = useState<FormError | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const busy = phase !== 'editing';

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => void navigate(paths.user.dashboard.getHref()), REDIRECT_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  /** Applies a change and clears the validation message that belonged to what changed. */
  const edit = (change: (d: SurveyDraft) => SurveyDraft, clears: (e: FormError) => boolean) => {
    setDraft(change);
    setFormError((current) => (current && clears(current) ? null : current));
  };

  const focusField = (error: FormError, d: SurveyDraft) => {
    const form = formRef.current;
    if (!form) return;
    let name: string = error.field;
    if ('key' in error) {
      const index = d.questions.findIndex((q) => q.key === error.key);
      const q = d.questions[index];
      if (error.field === 'questionText') name = `questions.${index}.text`;
      else if (error.field === 'questionRating') name = `questions.${index}.ratingScale`;
      else name = `questions.${index}.options.${Math.max(0, q?.options.findIndex((o) => o.trim() === '') ?? 0)}`;
    }
    form.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  };

  const fail = (error: FormError) => {
    setFormError(error);
    setPhase('editing');
    focusField(error, draft);
  };

  const toFormError = (message: string, at: FieldRef): FormError => {
    if ('index' in at) return { message, field: at.field, key: draft.questions[at.index]?.key ?? '' };
    return { message, field: at.field };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const result = validateDraft(draft);
    if (!result.ok) {
      fail(toFormError(result.message, result.at));
      return;
    }
    setPhase('submitting');
    const url = draft.brandingImageUrl.trim();
    if (brandingUrlStatus(url) === 'check') {
      try {
        const check = await queryClient.fetchQuery(imageCheckQueryOptions(url));
        if (!check.ok) {
          fail({ message: IMAGE_URL_MESSAGE, field: 'brandingImageUrl' });
          return;
        }
      } catch {
        fail({ message: IMAGE_URL_MESSAGE, field: 'brandingImageUrl' });
        return;
      }
    }
    try {
      if (survey) await updateSurvey.mutateAsync(result.input);
      else await createSurvey.mutateAsync(result.input);
      setPhase('success');
    } catch (error) {
      setFormError({ message: errorMessage(error, texts.failure), field: 'form' });
      setPhase('editing');
    }
  };

  const onMove = (index: number, direction: -1 | 1) => {
    const question = draft.questions[index];
    if (!question) return;
    const target = index + direction;
    // The list is updated at once, so focus can stay on the moved question's button (or its twin at the
    // list's edge).
    flushSync(() => setDraft((d) => moveQuestion(d, index, target)));
    const buttons = moveButtons.current.get(question.key);
    const preferred = direction === -1 ? buttons?.up : buttons?.down;
    const other = direction === -1 ? buttons?.down : buttons?.up;
    (preferred && !preferred.disabled ? preferred : other)?.focus();
    setAnnouncement(`Question ${index + 1} moved to position ${target + 1} of ${draft.questions.length}.`);
  };

  const questionErrors = (key: string): QuestionErrors => {
    if (!formError || !('key' in formError) || formError.key !== key) return {};
    if (formError.field === 'questionText') return { text: formError.message };
    if (formError.field === 'questionOptions') return { options: formError.message };
    return { rating: formError.message };
  };
  const fieldError = (field: FormError['field']) => (formError?.field === field ? formError.message : undefined);
  const projectId = projectIdFrom(draft.projectName);

  return (
    <>
      {survey && <GeneratedNotice surveyId={survey.surveyId} generator={survey.generator} />}
      {survey?.state === 'active' && (
        <Banner tone="warning" className="mb-6">
          This survey is live{survey.responseCount > 0 ? ` and has ${survey.responseCount} responses` : ''}. Respondents
          see your changes as soon as you save; answers to a removed question stay in the results.
        </Banner>
      )}
      <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-6" aria-busy={busy}>
        <Card className="space-y-5 p-4 sm:p-6">
          <h2 className="text-lg font-semibold">Survey details</h2>
          <Field
            label="Project Name"
            required
            hint={
              projectId ? `Project ID: ${projectId}` : 'Surveys are grouped by project; the ID is made from the name.'
            }
            error={fieldError('projectName')}
          >
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                name="projectName"
                required
                maxLength={LIMITS.projectName}
                autoComplete="off"
                value={draft.projectName}
                onChange={(e) => {
                  const value = e.target.value;
                  edit(
                    (d) => ({ ...d, projectName: value }),
                    (er) => er.field === 'projectName',
                  );
                }}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
          <BrandingImageField
            value={draft.brandingImageUrl}
            submitError={fieldError('brandingImageUrl')}
            onChange={(value) =>
              edit(
                (d) => ({ ...d, brandingImageUrl: value }),
                (er) => er.field === 'brandingImageUrl',
              )
            }
          />
          <Field label="Survey Title" required error={fieldError('title')}>
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                name="title"
                required
                maxLength={LIMITS.title}
                autoComplete="off"
                value={draft.title}
                onChange={(e) => {
                  const value = e.target.value;
                  edit(
                    (d) => ({ ...d, title: value }),
                    (er) => er.field === 'title',
                  );
                }}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
        </Card>

        <section aria-labelledby="questions-heading" className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="questions-heading" className="text-lg font-semibold">
              Questions
            </h2>
            <p className="text-sm text-slate-600">
              {draft.questions.length} of at most {LIMITS.questions}
            </p>
          </div>
          {fieldError('questions') && <p className="text-sm text-red-700">{fieldError('questions')}</p>}
          <ol className="space-y-4">
            {draft.questions.map((question, index) => (
              <QuestionEditor
                key={question.key}
                question={question}
                index={index}
                total={draft.questions.length}
                canRemove={canRemoveQuestion(draft)}
                buttonsDisabled={busy}
                errors={questionErrors(question.key)}
                onChange={(next) =>
                  edit(
                    (d) => updateQuestion(d, index, () => next),
                    (er) => 'key' in er && er.key === question.key,
                  )
                }
                onRemove={() => {
                  edit(
                    (d) => removeQuestion(d, index),
                    (er) => 'key' in er && er.key === question.key,
                  );
                  setAnnouncement(`Question ${index + 1} removed.`);
                }}
                onMove={(direction) => onMove(index, direction)}
                moveUpRef={(el) => {
                  const entry = moveButtons.current.get(question.key) ?? { up: null, down: null };
                  entry.up = el;
                  moveButtons.current.set(question.key, entry);
                }}
                moveDownRef={(el) => {
                  const entry = moveButtons.current.get(question.key) ?? { up: null, down: null };
                  entry.down = el;
                  moveButtons.current.set(question.key, entry);
                }}
              />
            ))}
          </ol>
          <Button
            variant="secondary"
            className="w-full border-dashed sm:w-auto"
            disabled={busy || !canAddQuestion(draft)}
            onClick={() => {
              const added = draft.questions.length;
              setDraft((d) => addQuestion(d));
              setAnnouncement(`Question ${added + 1} added.`);
              setTimeout(
                () => formRef.current?.querySelector<HTMLElement>(`[name="questions.${added}.text"]`)?.focus(),
                0,
              );
            }}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add Question
          </Button>
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>
        </section>

        <div className="sticky bottom-0 -mx-4 space-y-3 border-t border-slate-200 bg-slate-50/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-card sm:border sm:bg-white/95 sm:px-6">
          {formError && (
            <Banner tone="error" className="py-2">
              {formError.message}
            </Banner>
          )}
          <div className="flex gap-2 sm:justify-end">
            <Button
              variant="secondary"
              className="flex-1 sm:flex-none"
              disabled={busy}
              onClick={() => void navigate(paths.user.dashboard.getHref())}
            >
              Cancel
            </Button>
            <Button type="submit" className="flex-2 sm:flex-none" disabled={busy} aria-busy={phase === 'submitting'}>
              {phase === 'submitting' ? texts.submitting : phase === 'success' ? 'Redirecting...' : texts.submit}
            </Button>
          </div>
        </div>
      </form>
      {phase === 'success' && <SuccessOverlay message={texts.success} />}
    </>
  );
}
