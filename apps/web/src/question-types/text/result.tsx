import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerFor, answerText, type AnswerValue, type InsightTheme } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import type { QuestionResultPart, QuestionResultProps, ResponsesFeed } from '../types';
import { themeMatcher } from './theme-match';

const FIRST = 5;
const MORE = 10;
/** Pages read per "Show more" at most, when few of the loaded responses answered this question. */
const MAX_PAGES_PER_CLICK = 5;

/** An answer's text for the list, or '' when the response gave none to list. */
type PickText = (answer: AnswerValue | undefined) => string;

const plainText: PickText = (answer) => answerText(answer);

/** A text question: the insights over its answers, and its latest answers, newest first, with "Show more". */
function TextAnswers({ surveyId, question, responses, Insights }: QuestionResultProps) {
  const { t } = useTranslation('results');
  return (
    <FreeTextAnswers
      surveyId={surveyId}
      questionId={question.id}
      total={question.answeredCount}
      responses={responses}
      Insights={Insights}
      sharedTexts={question.textAnswers}
      label={t('cards.text.latest')}
    />
  );
}

/**
 * Free-text answers (a text question's, or the texts given as "Other"). On the owner's screen: the insights over
 * them, whose theme chips narrow the list to the answers that mention the theme, and the list read from the
 * responses. In a shared report (no responses): the texts the report came with, or a note that it has none.
 */
export function FreeTextAnswers({
  surveyId,
  questionId,
  total,
  responses,
  Insights,
  sharedTexts,
  label,
  pick = plainText,
}: {
  surveyId: string;
  questionId: string;
  total: number;
  responses: ResponsesFeed | undefined;
  Insights: QuestionResultProps['Insights'];
  /** A shared report's texts (`question.textAnswers`): absent when the owner did not include them. */
  sharedTexts: readonly string[] | undefined;
  label: string;
  pick?: PickText;
}) {
  const { t } = useTranslation('results');
  const [theme, setTheme] = useState<InsightTheme | null>(null);
  const themedPick = useMemo<PickText>(() => {
    if (!theme) return pick;
    const matches = themeMatcher(theme);
    return (answer) => {
      const text = pick(answer);
      return text && matches(text) ? text : '';
    };
  }, [pick, theme]);

  if (!responses) return <SharedAnswerList texts={sharedTexts} total={total} label={label} />;
  return (
    <div className="space-y-4">
      {Insights && total > 0 && (
        <Insights
          surveyId={surveyId}
          questionId={questionId}
          selectedTheme={theme?.label ?? null}
          onSelectTheme={setTheme}
        />
      )}
      <p aria-live="polite" className="text-sm text-slate-700 empty:hidden">
        {theme && t('cards.text.showingTheme', { theme: theme.label })}
      </p>
      <AnswerList
        // A new theme starts the list again from its first answers.
        key={theme?.label ?? ''}
        questionId={questionId}
        total={theme ? theme.count : total}
        responses={responses}
        label={theme ? t('cards.text.mentioning', { label, theme: theme.label }) : label}
        pick={themedPick}
      />
    </div>
  );
}

/** A shared report's texts: the newest ones the report holds, with "Show more"; or why there are none. */
function SharedAnswerList({
  texts,
  total,
  label,
}: {
  texts: readonly string[] | undefined;
  total: number;
  label: string;
}) {
  const { t } = useTranslation('results');
  const [visible, setVisible] = useState(FIRST);
  if (total === 0) return <p className="text-sm text-slate-600">{t('cards.noAnswers')}</p>;
  if (!texts) return <p className="text-sm text-slate-600">{t('cards.text.notIncluded')}</p>;
  if (texts.length === 0) return <p className="text-sm text-slate-600">{t('cards.text.noneAmongLatest')}</p>;
  return (
    <div className="space-y-3">
      {texts.length < total && (
        <p className="text-sm text-slate-600">{t('cards.text.newestOf', { shown: texts.length, total })}</p>
      )}
      <ul className="space-y-2" aria-label={label}>
        {texts.slice(0, visible).map((text, index) => (
          <li key={index} className="rounded-lg border border-slate-200 bg-slate-50/60 px-4 py-3">
            <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{text}</p>
          </li>
        ))}
      </ul>
      {texts.length > visible && (
        <Button variant="secondary" size="sm" onClick={() => setVisible(visible + MORE)}>
          {t('cards.text.showMore')}
        </Button>
      )}
    </div>
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
  responses: ResponsesFeed;
  label: string;
  pick?: PickText;
}) {
  const { t } = useTranslation('results');
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

  if (total === 0) return <p className="text-sm text-slate-600">{t('cards.noAnswers')}</p>;
  if (responses.isPending) return <p className="text-sm text-slate-600">{t('cards.text.loading')}</p>;
  if (responses.isError) return <p className="text-sm text-red-700">{t('cards.text.loadFailed')}</p>;

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
        <p className="text-sm text-slate-600">{t('cards.text.noneAmongLatest')}</p>
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
          {t('cards.text.showMore')}
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
