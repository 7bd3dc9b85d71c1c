import { answerFor, ownValue, questionLabel, type QuestionResult } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { useResponses } from '../api/get-responses';
import { formatCount, formatDateTime } from '@/lib/format';
import { answerCellText } from './answer-cell-text';

/** Table View: every response, newest first, one column per question, a page at a time. */
export function ResponsesTable({
  surveyId,
  questions,
  hiddenFields = [],
  totalResponses,
}: {
  surveyId: string;
  questions: readonly QuestionResult[];
  /** The survey's hidden field names: one column each, after the questions, as in the CSV. */
  hiddenFields?: readonly string[];
  totalResponses: number;
}) {
  const responses = useResponses(surveyId);
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
        className="overflow-x-auto rounded-card border border-slate-200 bg-white shadow-card"
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
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.responseId} className="align-top hover:bg-slate-50/70">
                <td className="px-4 py-3 font-mono text-xs leading-5 whitespace-nowrap text-slate-600">
                  {r.responseId}
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
    </div>
  );
}
