import { answerFor, ownValue, type QuestionResult, type ResponseRow, type ResultsFilter } from '@quorum/contract';
import { questionLabel } from '@/lib/question-label';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useResponses } from '../api/get-responses';
import { formatDateTime, formatDuration } from '@/lib/format';
import { languageName } from '@/lib/language-names';
import { useWideScreen } from '@/lib/use-wide-screen';
import { answerCellText } from './answer-cell-text';
import { FlagBadges, FlagLegend } from './response-flags';

/**
 * Table View: the responses the filter keeps, newest first, one column per question (then the hidden fields, and
 * for a survey in several languages the language each was given in), a page at a time, with their quality flags and
 * time taken. The response id (or a click on the row) opens a response in full. On a phone each
 * response is a card of its own, its answers under their questions, so nothing hides off to the side.
 */
export function ResponsesTable({
  surveyId,
  questions,
  hiddenFields = [],
  languages = [],
  totalResponses,
  filter = {},
  onOpen,
}: {
  surveyId: string;
  questions: readonly QuestionResult[];
  /** The survey's hidden field names: one column each, after the questions, as in the CSV. */
  hiddenFields?: readonly string[];
  /** The survey's languages: with several, a "Language" column follows the hidden fields. */
  languages?: readonly string[];
  /** The responses the table can show: the matching ones when filtered. */
  totalResponses: number;
  filter?: ResultsFilter;
  onOpen?: (row: ResponseRow) => void;
}) {
  const { t } = useTranslation('results');
  const responses = useResponses(surveyId, { filter });
  const rows = responses.data?.pages.flatMap((p) => p.responses) ?? [];
  const wide = useWideScreen();
  const withLanguage = languages.length > 1;

  if (responses.isPending) return <p className="p-6 text-sm text-slate-600">{t('table.loading')}</p>;
  if (responses.isError) {
    return (
      <div className="flex items-center gap-3 p-6 text-sm text-red-700">
        {t('table.loadFailed')}
        <Button variant="secondary" size="sm" onClick={() => void responses.refetch()}>
          {t('page.tryAgain')}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {wide ? (
        <div
          className="relative overflow-x-auto rounded-card border border-slate-200 bg-white shadow-card"
          tabIndex={0}
          role="region"
          aria-label={t('table.region')}
        >
          <table className="min-w-full text-start text-sm [&_th]:text-start">
            <caption className="sr-only">{t('table.caption')}</caption>
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 align-bottom font-semibold whitespace-nowrap">
                  {t('table.responseId')}
                </th>
                <th scope="col" className="px-4 py-3 align-bottom font-semibold whitespace-nowrap">
                  {t('table.submittedAt')}
                </th>
                {questions.map((q, index) => (
                  <th key={q.id} scope="col" className="min-w-44 px-4 py-3 align-bottom font-semibold">
                    <span className={q.isDeleted ? 'text-slate-500 line-through decoration-slate-400' : undefined}>
                      {questionLabel(index + 1, q.text)}
                    </span>
                    {q.isDeleted && <span className="ms-1 font-normal text-amber-800">{t('table.deleted')}</span>}
                  </th>
                ))}
                {hiddenFields.map((name) => (
                  <th
                    key={`hidden:${name}`}
                    scope="col"
                    className="px-4 py-3 align-bottom font-semibold whitespace-nowrap"
                  >
                    {name}
                    <span className="sr-only"> {t('table.hiddenField')}</span>
                  </th>
                ))}
                {withLanguage && (
                  <th scope="col" className="px-4 py-3 align-bottom font-semibold whitespace-nowrap">
                    {t('languages.column')}
                  </th>
                )}
                <th scope="col" className="px-4 py-3 align-bottom font-semibold whitespace-nowrap">
                  {t('table.flags')}
                </th>
                <th scope="col" className="px-4 py-3 align-bottom font-semibold whitespace-nowrap">
                  {t('table.duration')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr
                  key={r.responseId}
                  className={
                    onOpen ? 'cursor-pointer align-top hover:bg-slate-50/70' : 'align-top hover:bg-slate-50/70'
                  }
                  // The row is a large click target; the keyboard's way in is the response id, a button.
                  onClick={openOnClick(onOpen, r)}
                >
                  <td className="px-4 py-3 font-mono text-xs leading-5 whitespace-nowrap text-slate-600">
                    <ResponseId row={r} onOpen={onOpen} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDateTime(r.submittedAt)}</td>
                  {questions.map((q) => (
                    <td key={q.id} className="max-w-xs px-4 py-3 break-words whitespace-pre-wrap text-slate-800">
                      <AnswerText row={r} question={q} />
                    </td>
                  ))}
                  {hiddenFields.map((name) => (
                    <td key={`hidden:${name}`} className="max-w-xs px-4 py-3 break-words text-slate-800">
                      <HiddenValue row={r} name={name} />
                    </td>
                  ))}
                  {withLanguage && (
                    <td className="px-4 py-3 whitespace-nowrap text-slate-800">
                      <Language row={r} />
                    </td>
                  )}
                  <td className="px-4 py-3 text-slate-700">
                    <FlagBadges flags={r.flags} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                    <Duration row={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ResponseCards
          rows={rows}
          questions={questions}
          hiddenFields={hiddenFields}
          withLanguage={withLanguage}
          onOpen={onOpen}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {t('table.showing', { shown: rows.length, count: Math.max(totalResponses, rows.length) })}
        </p>
        {responses.hasNextPage && (
          <Button
            variant="secondary"
            loading={responses.isFetchingNextPage}
            onClick={() => void responses.fetchNextPage()}
          >
            {t('table.loadMore')}
          </Button>
        )}
      </div>
      {rows.some((r) => r.flags.length > 0) && <FlagLegend />}
    </div>
  );
}

const NOTHING = <span className="text-slate-500">—</span>;

/** A response's id: the keyboard's way to open it, when it can be opened. */
function ResponseId({ row, onOpen }: { row: ResponseRow; onOpen: ((row: ResponseRow) => void) | undefined }) {
  const { t } = useTranslation('results');
  if (!onOpen) return row.responseId;
  return (
    <button
      type="button"
      onClick={() => onOpen(row)}
      aria-label={t('table.viewResponse', { id: row.responseId })}
      className="rounded-sm break-all text-accent-700 underline decoration-accent-300 underline-offset-2 hover:text-accent-800 hover:decoration-accent-600"
    >
      {row.responseId}
    </button>
  );
}

function AnswerText({ row, question }: { row: ResponseRow; question: QuestionResult }) {
  return answerCellText(question, answerFor(row.answers, question.id)) || NOTHING;
}

function HiddenValue({ row, name }: { row: ResponseRow; name: string }) {
  return ownValue(row.hiddenFields, name) || NOTHING;
}

/** The language a response was given in, by its name in the interface's language. */
function Language({ row }: { row: ResponseRow }) {
  return languageName(row.language);
}

function Duration({ row }: { row: ResponseRow }) {
  return row.durationSeconds === null ? NOTHING : formatDuration(row.durationSeconds);
}

/** Opens the response on a click anywhere but its own buttons and links. */
const openOnClick = (onOpen: ((row: ResponseRow) => void) | undefined, row: ResponseRow) =>
  onOpen
    ? (event: MouseEvent) => {
        if ((event.target as HTMLElement).closest('button, a')) return;
        onOpen(row);
      }
    : undefined;

/** The responses as one card each, every answer under its question: the Table View on a phone. */
function ResponseCards({
  rows,
  questions,
  hiddenFields,
  withLanguage,
  onOpen,
}: {
  rows: readonly ResponseRow[];
  questions: readonly QuestionResult[];
  hiddenFields: readonly string[];
  withLanguage: boolean;
  onOpen: ((row: ResponseRow) => void) | undefined;
}) {
  const { t } = useTranslation('results');
  const term = 'text-xs font-medium text-slate-600';
  return (
    <ul aria-label={t('table.caption')} className="space-y-3">
      {rows.map((r) => (
        // The card is a large click target; the keyboard's way in is the response id, a button.
        <li
          key={r.responseId}
          className={cn(
            'rounded-card border border-slate-200 bg-white p-4 text-sm shadow-card',
            onOpen && 'cursor-pointer hover:bg-slate-50/70',
          )}
          onClick={openOnClick(onOpen, r)}
        >
          <p className="font-mono text-xs leading-5 text-slate-600">
            <ResponseId row={r} onOpen={onOpen} />
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3">
            <div className="col-span-2">
              <dt className={term}>{t('table.submittedAt')}</dt>
              <dd className="text-slate-700">{formatDateTime(r.submittedAt)}</dd>
            </div>
            {questions.map((q, index) => (
              <div key={q.id} className="col-span-2">
                <dt className={term}>
                  <span className={q.isDeleted ? 'line-through decoration-slate-400' : undefined}>
                    {questionLabel(index + 1, q.text)}
                  </span>
                  {q.isDeleted && <span className="ms-1 font-normal text-amber-800">{t('table.deleted')}</span>}
                </dt>
                <dd className="break-words whitespace-pre-wrap text-slate-800">
                  <AnswerText row={r} question={q} />
                </dd>
              </div>
            ))}
            {hiddenFields.map((name) => (
              <div key={`hidden:${name}`} className="col-span-2">
                <dt className={term}>
                  {name}
                  <span className="sr-only"> {t('table.hiddenField')}</span>
                </dt>
                <dd className="break-words text-slate-800">
                  <HiddenValue row={r} name={name} />
                </dd>
              </div>
            ))}
            {withLanguage && (
              <div className="col-span-2">
                <dt className={term}>{t('languages.column')}</dt>
                <dd className="text-slate-800">
                  <Language row={r} />
                </dd>
              </div>
            )}
            <div>
              <dt className={term}>{t('table.flags')}</dt>
              <dd className="text-slate-700">
                <FlagBadges flags={r.flags} />
              </dd>
            </div>
            <div>
              <dt className={term}>{t('table.duration')}</dt>
              <dd className="text-slate-700 tabular-nums">
                <Duration row={r} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
