import { useMemo, useState } from 'react';
import { answerFor, answerText, type AnswerValue } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import type { QuestionResultPart, QuestionResultProps } from '../types';

const FIRST = 5;
const MORE = 10;
/** Pages read per "Show more" at most, when few of the loaded responses answered this question. */
const MAX_PAGES_PER_CLICK = 5;

/** An answer's text for the list, or '' when the response gave none to list. */
type PickText = (answer: AnswerValue | undefined) => string;

const plainText: PickText = (answer) => answerText(answer);

/** A text question: its latest answers, newest first, with "Show more". */
function TextAnswers({ question, responses }: QuestionResultProps) {
  return (
    <AnswerList questionId={question.id} total={question.answeredCount} responses={responses} label="Latest answers" />
  );
}

/**
 * The latest texts given to a question, newest first, with "Show more": its answers (`pick` left out) or the part
 * of them `pick` keeps, of which there are `total` in all.
 */
export function AnswerList({
  questionId,
  total,
  responses,
  label,
  pick = plainText,
}: {
  questionId: string;
  total: number;
  responses: QuestionResultProps['responses'];
  label: string;
  pick?: PickText;
}) {
  const [visible, setVisible] = useState(FIRST);
  const [loadingMore, setLoadingMore] = useState(false);

  const answers = useMemo(
    () =>
      (responses.data?.pages ?? []).flatMap((page) =>
        page.responses.flatMap((r) => {
          const text = pick(answerFor(r.answers, questionId));
          return text ? [{ id: r.responseId, text, submittedAt: r.submittedAt }] : [];
        }),
      ),
    [responses.data, questionId, pick],
  );

  if (total === 0) return <p className="text-sm text-slate-600">No answers yet</p>;
  if (responses.isPending) return <p className="text-sm text-slate-600">Loading answers…</p>;
  if (responses.isError) return <p className="text-sm text-red-700">The answers could not be loaded.</p>;

  const shown = answers.slice(0, visible);
  const canShowMore = answers.length > visible || (responses.hasNextPage && shown.length < total);

  const showMore = async () => {
    const target = visible + MORE;
    if (answers.length < target && responses.hasNextPage) {
      setLoadingMore(true);
      try {
        let result = await responses.fetchNextPage();
        let found = answersIn(result.data?.pages, questionId, pick);
        for (let i = 1; i < MAX_PAGES_PER_CLICK && found < target && result.hasNextPage; i += 1) {
          result = await result.fetchNextPage();
          found = answersIn(result.data?.pages, questionId, pick);
        }
      } finally {
        setLoadingMore(false);
      }
    }
    setVisible(target);
  };

  return (
    <div className="space-y-3">
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">No answers among the latest responses.</p>
      ) : (
        <ul className="space-y-2" aria-label={label}>
          {shown.map((a) => (
            <li key={a.id} className="rounded-lg border border-slate-200 bg-slate-50/60 px-4 py-3">
              <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{a.text}</p>
              <p className="mt-1 text-xs text-slate-600">{formatDateTime(a.submittedAt)}</p>
            </li>
          ))}
        </ul>
      )}
      {canShowMore && (
        <Button variant="secondary" size="sm" loading={loadingMore} onClick={() => void showMore()}>
          Show more
        </Button>
      )}
    </div>
  );
}

function answersIn(
  pages: ReadonlyArray<{ responses: ReadonlyArray<{ answers: Record<string, AnswerValue> }> }> | undefined,
  questionId: string,
  pick: PickText,
): number {
  let count = 0;
  for (const page of pages ?? []) {
    for (const r of page.responses) {
      if (pick(answerFor(r.answers, questionId))) count += 1;
    }
  }
  return count;
}

/** Text answers are listed, read from the survey's responses. */
export const textResult: QuestionResultPart<'text'> = {
  type: 'text',
  Result: TextAnswers,
  readsResponses: () => true,
};
