import { useMemo, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublicSurvey } from '@quorum/contract';
import { ButtonBase as Button } from '@/components/ui/button-base';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getSurveyPreview } from '../api/get-survey-preview';
import { PREVIEW_DRAFT_PARAM, takePreviewDraft } from '@/lib/preview-handoff';
import { useInterfaceFollows } from '../lib/follow-survey-language';
import { LANGUAGE_PARAM, linkLanguage } from '../lib/survey-language';
import { PublicFrame } from './public-frame';
import { SurveyLanguageSwitcher } from './survey-language-switcher';
import { SurveyRun } from './survey-runner';
import { ThankYou } from './thank-you';

/** Nothing is ever sent from a preview: Submit goes straight to the thank-you screen. */
const recordNothing = () => Promise.resolve();

/**
 * /surveys/:surveyId/preview: the survey in the real runner, recording nothing. It shows the saved survey
 * (GET /api/surveys/:surveyId/preview, in any state, in the language of `?lang=` and switchable like the public
 * page), or with `?draft=` the editor's unsaved version.
 */
export function SurveyPreviewPage() {
  const { t } = useTranslation('runner');
  const { surveyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const token = params.get(PREVIEW_DRAFT_PARAM);
  const draft = useMemo(() => (token ? takePreviewDraft(token) : null), [token]);
  const language = linkLanguage(params.toString());
  const saved = useQuery({
    queryKey: ['survey-preview', surveyId, language],
    queryFn: ({ signal }) => getSurveyPreview(surveyId, language, signal),
    enabled: token === null,
    staleTime: Infinity,
    // Another language keeps the one shown until it arrives: the author stays where they are.
    placeholderData: keepPreviousData,
  });
  const survey = token === null ? saved.data : draft;
  useInterfaceFollows(survey ?? undefined);

  const switcher =
    token === null && saved.data && saved.data.languages.length > 1 ? (
      <SurveyLanguageSwitcher
        languages={saved.data.languages}
        value={saved.isPlaceholderData && language !== undefined ? language : saved.data.language}
        onChange={(code) =>
          setParams(
            (current) => {
              current.set(LANGUAGE_PARAM, code);
              return current;
            },
            { replace: true },
          )
        }
      />
    ) : undefined;
  useDocumentTitle(survey ? t('preview.documentTitle', { title: survey.title }) : t('preview.label'));

  return (
    <>
      {survey ? (
        <PreviewRun survey={survey} languageSwitcher={switcher} />
      ) : token !== null ? (
        <PreviewProblem title={t('preview.draftGone')} text={t('preview.draftGoneText')} />
      ) : saved.isError ? (
        saved.error instanceof ApiError && saved.error.status === 404 ? (
          <PreviewProblem title={t('contract:public.notFound')} text={t('preview.notFoundText')} />
        ) : (
          <PreviewProblem
            title={t('preview.loadFailed')}
            text={errorMessage(saved.error, t('loadFailed.checkConnection'))}
            onRetry={() => void saved.refetch()}
          />
        )
      ) : (
        <PublicFrame banner={<PreviewBar />}>
          <Spinner label={t('runner.loading')} className="min-h-64" />
        </PublicFrame>
      )}
    </>
  );
}

/** The runner, then its thank-you screen, as often as the author likes ("Start again"). */
function PreviewRun({ survey, languageSwitcher }: { survey: PublicSurvey; languageSwitcher: ReactNode }) {
  const [round, setRound] = useState(0);
  const [finished, setFinished] = useState(false);
  const again = () => {
    setFinished(false);
    setRound((n) => n + 1);
  };
  if (finished) {
    return <ThankYou screen={survey.thankYou} preview banner={<PreviewBar onRestart={again} />} />;
  }
  return (
    <PublicFrame banner={<PreviewBar />} languageSwitcher={languageSwitcher}>
      <SurveyRun
        key={round}
        survey={survey}
        live={false}
        submit={recordNothing}
        onSubmitted={() => setFinished(true)}
      />
    </PublicFrame>
  );
}

/** Sticky above the page, on every screen of the preview. */
function PreviewBar({ onRestart }: { onRestart?: () => void }) {
  const { t } = useTranslation('runner');
  return (
    <aside
      aria-label={t('preview.label')}
      className="sticky top-0 z-20 border-b border-amber-300 bg-amber-100 text-amber-950 shadow-sm"
    >
      <div className="mx-auto flex min-h-11 max-w-2xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <Eye className="size-4 shrink-0" aria-hidden="true" />
          {t('preview.notice')}
        </p>
        {onRestart && (
          <Button variant="secondary" size="sm" onClick={onRestart}>
            {t('preview.startAgain')}
          </Button>
        )}
      </div>
    </aside>
  );
}

function PreviewProblem({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  const { t } = useTranslation('runner');
  return (
    <PublicFrame banner={<PreviewBar />}>
      <section className="rounded-card border border-slate-200 bg-white px-6 py-10 text-center shadow-card">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">{text}</p>
        {onRetry && (
          <Button variant="secondary" className="mt-6" onClick={onRetry}>
            {t('loadFailed.tryAgain')}
          </Button>
        )}
      </section>
    </PublicFrame>
  );
}
