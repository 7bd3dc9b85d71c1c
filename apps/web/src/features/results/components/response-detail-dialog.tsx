import { useId, useState } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { answerFor, isAnswered, ownValue, questionPath, type QuestionResult, type ResponseRow } from '@quorum/contract';
import { questionLabel } from '@/lib/question-label';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatDuration } from '@/lib/format';
import { languageName } from '@/lib/language-names';
import { useDeleteResponse } from '../api/delete-response';
import { useResponse } from '../api/get-response';
import { useSurveyQuestions } from '../api/get-survey-questions';
import { answerCellText } from './answer-cell-text';
import { flagInfo } from './response-flags';

/** How a question without an answer is described: skipped on the respondent's path, or never shown on it. */
type Missing = 'skipped' | 'notShown' | 'noAnswer';

/**
 * One response in full, in a dialog: every question in order with its answer (or "Skipped" / "Not shown"), the
 * hidden fields, the submitted time, the language it was given in (a survey in several), the duration and the
 * quality flags. The owner can delete it, after a
 * confirmation in the same dialog.
 */
export function ResponseDetailDialog({
  surveyId,
  responseId,
  initial,
  questions,
  hiddenFields,
  languages = [],
  canDelete,
  onClose,
  onDeleted,
}: {
  surveyId: string;
  /** The open response; null: the dialog is closed. */
  responseId: string | null;
  /** The table's row of that response, shown while the stored response is read. */
  initial?: ResponseRow | undefined;
  questions: readonly QuestionResult[];
  hiddenFields: readonly string[];
  /** The survey's languages: with several, the response's language is said. */
  languages?: readonly string[];
  /** Whether the viewer may delete responses (the owner; administrators may not). */
  canDelete: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const open = responseId !== null;
  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 dark:bg-black/60 backdrop-blur-[2px]" />
        <DialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-card border border-slate-200 bg-white text-slate-900 shadow-overlay">
          {responseId !== null && (
            <DetailBody
              key={responseId}
              surveyId={surveyId}
              responseId={responseId}
              initial={initial?.responseId === responseId ? initial : undefined}
              questions={questions}
              hiddenFields={hiddenFields}
              withLanguage={languages.length > 1}
              canDelete={canDelete}
              onDeleted={onDeleted}
            />
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function DetailBody({
  surveyId,
  responseId,
  initial,
  questions,
  hiddenFields,
  withLanguage,
  canDelete,
  onDeleted,
}: {
  surveyId: string;
  responseId: string;
  initial: ResponseRow | undefined;
  questions: readonly QuestionResult[];
  hiddenFields: readonly string[];
  withLanguage: boolean;
  canDelete: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('results');
  const response = useResponse(surveyId, responseId, initial);
  const survey = useSurveyQuestions(surveyId, true);
  const remove = useDeleteResponse(surveyId);
  const [confirming, setConfirming] = useState(false);
  const ids = useId();
  const row = response.data;

  // The path the respondent took, by the survey's current questions and rules: a question on it without an
  // answer was skipped, one off it was never shown. Without the survey, an unanswered question just has none.
  const onPath = row && survey.data ? new Set(questionPath(survey.data.questions, row.answers).map((q) => q.id)) : null;
  const missing = (question: QuestionResult): Missing =>
    onPath === null || question.isDeleted ? 'noAnswer' : onPath.has(question.id) ? 'skipped' : 'notShown';
  const shown = questions
    .map((question, index) => ({ question, number: index + 1 }))
    .filter(({ question }) => !question.isDeleted || (row && isAnswered(answerFor(row.answers, question.id))));

  return (
    <>
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            {t('detail.title')}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="font-mono text-xs break-all text-slate-600">
            {responseId}
          </DialogPrimitive.Description>
        </div>
        <DialogPrimitive.Close asChild>
          <Button variant="ghost" size="icon" aria-label={t('detail.close')}>
            <X className="size-5" aria-hidden="true" />
          </Button>
        </DialogPrimitive.Close>
      </div>

      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-4 sm:px-6">
        {!row && response.isPending && <p className="text-sm text-slate-600">{t('detail.loading')}</p>}
        {response.isError && <Banner tone="error">{errorMessage(response.error, t('detail.loadFailed'))}</Banner>}
        {row && (
          <>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-slate-600">{t('detail.submitted')}</dt>
              <dd className="text-slate-900">{formatDateTime(row.submittedAt)}</dd>
              {withLanguage && (
                <>
                  <dt className="text-slate-600">{t('languages.column')}</dt>
                  <dd className="text-slate-900">{languageName(row.language)}</dd>
                </>
              )}
              <dt className="text-slate-600">{t('table.duration')}</dt>
              <dd className="text-slate-900">
                {row.durationSeconds === null ? t('detail.notRecorded') : formatDuration(row.durationSeconds)}
              </dd>
              <dt className="text-slate-600">{t('table.flags')}</dt>
              <dd className="text-slate-900">
                {row.flags.length === 0 ? (
                  t('detail.noFlags')
                ) : (
                  <ul className="space-y-1" aria-label={t('table.flags')}>
                    {row.flags.map((flag) => (
                      <li key={flag}>
                        <span className="font-medium text-amber-800">{flagInfo(flag).label}</span>
                        <span className="text-slate-600"> — {flagInfo(flag).hint}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </dl>

            <section aria-labelledby={`${ids}-answers`} className="space-y-2">
              <h3 id={`${ids}-answers`} className="text-sm font-semibold text-slate-900">
                {t('detail.answers')}
              </h3>
              <ol className="divide-y divide-slate-100 rounded-card border border-slate-200">
                {shown.map(({ question, number }) => {
                  const text = answerCellText(question, answerFor(row.answers, question.id));
                  return (
                    <li key={question.id} className="px-4 py-3">
                      <p className="text-sm font-medium break-words text-slate-800">
                        {questionLabel(number, question.text, question.isDeleted)}
                      </p>
                      {text ? (
                        <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-900">{text}</p>
                      ) : (
                        <p className="mt-0.5 text-sm text-slate-600 italic">{t(`detail.${missing(question)}`)}</p>
                      )}
                    </li>
                  );
                })}
              </ol>
            </section>

            {hiddenFields.length > 0 && (
              <section aria-labelledby={`${ids}-hidden`} className="space-y-2">
                <h3 id={`${ids}-hidden`} className="text-sm font-semibold text-slate-900">
                  {t('filter.hiddenFields')}
                </h3>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
                  {hiddenFields.map((name) => (
                    <div key={name} className="contents">
                      <dt className="text-slate-600">{name}</dt>
                      <dd className="break-words text-slate-900">{ownValue(row.hiddenFields, name) || '—'}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}
          </>
        )}
      </div>

      <div className="space-y-3 border-t border-slate-200 px-5 py-4 sm:px-6">
        {remove.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(remove.error, t('detail.deleteFailed'))}
          </p>
        )}
        {confirming ? (
          <div className="space-y-3" role="group" aria-labelledby={`${ids}-confirm`}>
            <p id={`${ids}-confirm`} className="text-sm font-medium text-slate-900">
              {t('detail.confirmDelete')}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
                {t('detail.cancel')}
              </Button>
              <Button
                variant="danger"
                loading={remove.isPending}
                autoFocus
                onClick={() => remove.mutate(responseId, { onSuccess: onDeleted })}
              >
                {t('detail.delete')}
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {canDelete && row && (
              <Button variant="danger-secondary" onClick={() => setConfirming(true)} className="sm:me-auto">
                <Trash2 className="size-4" aria-hidden="true" />
                {t('detail.delete')}
              </Button>
            )}
            <DialogPrimitive.Close asChild>
              <Button variant="secondary">{t('detail.close')}</Button>
            </DialogPrimitive.Close>
          </div>
        )}
      </div>
    </>
  );
}
