import {
  answerFor,
  ownValue,
  questionLabel,
  type QuestionResult,
  type ResponseRow,
  type ResultsFilter,
} from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { useResponses } from '../api/get-responses';
import { formatCount, formatDateTime, formatDuration } from '@/lib/format';
import { answerCellText } from './answer-cell-text';
import { FlagBadges, FlagLegend } from './response-flags';

/**
 * Table View: the responses the filter keeps, newest first, one column per question, a page at a time, with their
 * quality flags and time taken. "View" (or a click on the row) opens a response in full.
 */
export function ResponsesTable({
  surveyId,
  questions,
  hiddenFields = [],
  totalResponses,
  filter = {},
  onOpen,
}: {
  surveyId: string;
  questions: readonly QuestionResult[];
  /** The survey's hidden field names: one column each, after the questions, as in the CSV. */
  hiddenFields?: readonly string[];
  /** The responses the table can show: the matching ones when filtered. */
  totalResponses: number;
  filter?: ResultsFilter;
  onOpen?: (row: ResponseRow) => void;
}) {
  const responses = useResponses(surveyId, { filter });
  const rows = responses.data?.pages.flatMap((p) => p.responses) ?? [];

  if (responses.isPending) return <p className="p-6 text-sm text-slate-600">Loading responses…</p>;
  if (responses.isError) {
    return (
      <div className="flex items-center gap-3 p-6 text-sm text-red-700">
        The responses could not be loaded.
        <Button variant="secondary" size="sm" onClick={() => void responses.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div
        className="relative overflow-x-auto rounded-card border border-slate-200 bg-white shadow-card"
        tabIndex={0}
        role="region"
        aria-label="Responses table (scrolls sideways)"
      >
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Responses, newest first</caption>
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 align-bottom font-semibold whitespace-nowrap">
                Response ID
              </th>
              <th scope="col" className="px-4 py-3 align-bottom font-semibold whitespace-nowrap">
                Submitted At
              </th>
              {questions.map((q, index) => (
                <th key={q.id} scope="col" className="min-w-44 px-4 py-3 align-bottom font-semibold">
                  <span className={q.isDeleted ? 'text-slate-500 line-through decoration-slate-400' : undefined}>
                    {questionLabel(index + 1, q.text)}
                  </span>
                  {q.isDeleted && <span className="ml-1 font-normal text-amber-800">(deleted)</span>}
                </th>
              ))}
              {hiddenFields.map((name) => (
                <th
                  key={`hidden:${name}`}
                  scope="col"
                  className="px-4 py-3 align-bottom font-semibold whitespace-nowrap"
                >
                  {name}
                  <span className="sr-only"> (hidden field)</span>
                </th>
              ))}
              <th scope="col" className="px-4 py-3 align-bottom font-semibold whitespace-nowrap">
                Flags
              </th>
              <th scope="col" className="px-4 py-3 align-bottom font-semibold whitespace-nowrap">
                Duration
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr
                key={r.responseId}
                className={onOpen ? 'cursor-pointer align-top hover:bg-slate-50/70' : 'align-top hover:bg-slate-50/70'}
                // The row is a large click target; the keyboard's way in is the response id, a button.
                onClick={
                  onOpen
                    ? (event) => {
                        if ((event.target as HTMLElement).closest('button, a')) return;
                        onOpen(r);
                      }
                    : undefined
                }
              >
                <td className="px-4 py-3 font-mono text-xs leading-5 whitespace-nowrap text-slate-600">
                  {onOpen ? (
                    <button
                      type="button"
                      onClick={() => onOpen(r)}
                      aria-label={`View response ${r.responseId}`}
                      className="rounded-sm text-accent-700 underline decoration-accent-300 underline-offset-2 hover:text-accent-800 hover:decoration-accent-600"
                    >
                      {r.responseId}
                    </button>
                  ) : (
                    r.responseId
                  )}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDateTime(r.submittedAt)}</td>
                {questions.map((q) => (
                  <td key={q.id} className="max-w-xs px-4 py-3 break-words whitespace-pre-wrap text-slate-800">
                    {answerCellText(q, answerFor(r.answers, q.id)) || <span className="text-slate-500">—</span>}
                  </td>
                ))}
                {hiddenFields.map((name) => (
                  <td key={`hidden:${name}`} className="max-w-xs px-4 py-3 break-words text-slate-800">
                    {ownValue(r.hiddenFields, name) || <span className="text-slate-500">—</span>}
                  </td>
                ))}
                <td className="px-4 py-3 text-slate-700">
                  <FlagBadges flags={r.flags} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                  {r.durationSeconds === null ? (
                    <span className="text-slate-500">—</span>
                  ) : (
                    formatDuration(r.durationSeconds)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          Showing {formatCount(rows.length)} of {formatCount(Math.max(totalResponses, rows.length))} responses
        </p>
        {responses.hasNextPage && (
          <Button
            variant="secondary"
            loading={responses.isFetchingNextPage}
            onClick={() => void responses.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </div>
      {rows.some((r) => r.flags.length > 0) && <FlagLegend />}
    </div>
  );
}
