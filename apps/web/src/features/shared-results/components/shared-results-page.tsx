import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Eye, Inbox, Link2Off, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SHARED_RESULTS_REFRESH_SECONDS, type SharedResults } from '@quorum/contract';
import { questionLabel } from '@/lib/question-label';
import { FunnelChart } from '@/components/charts/funnel-chart';
import { TimelineChart } from '@/components/charts/timeline-chart';
import { PrintButton } from '@/components/print/print-button';
import { PrintHeader, usePrintTime } from '@/components/print/print-header';
import { SurveyStateBadge } from '@/components/survey-state-badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { VisitorFrame } from '@/components/visitor-frame';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isReportGone, useSharedResults } from '../api/get-shared-results';
import { SharedQuestionCard } from './shared-question-card';

/**
 * A survey's results as its owner shared them, at /shared/results/:token: for anyone with the link, signed in or
 * not, read-only and live (read again every few seconds). Statistics only: no individual responses, no owner's
 * actions; text answers only when the owner included them.
 */
export function SharedResultsPage() {
  const { t } = useTranslation('results');
  const { token = '' } = useParams();
  const report = useSharedResults(token);
  const gone = isReportGone(report.error);
  useDocumentTitle(
    gone
      ? t('shared.goneDocumentTitle')
      : report.data
        ? t('shared.documentTitle', { title: report.data.title })
        : t('shared.eyebrow'),
  );

  if (gone) {
    return (
      <ReportFrame>
        <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-12 text-center">
          <div className="mb-1 flex size-16 items-center justify-center rounded-full bg-slate-100 text-slate-500 ring-8 ring-slate-100/50">
            <Link2Off className="size-7" aria-hidden="true" />
          </div>
          <h1 className="text-xl font-semibold text-slate-900">{t('shared.goneTitle')}</h1>
          <p className="max-w-md text-sm leading-6 text-slate-600">{t('shared.goneHint')}</p>
        </Card>
      </ReportFrame>
    );
  }
  if (report.data) return <ReportView report={report.data} refreshFailed={report.isError} />;
  if (report.isError) {
    return (
      <ReportFrame>
        <Card className="space-y-4 p-6">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('shared.loadFailedTitle')}</h1>
          <Banner tone="error">{errorMessage(report.error, t('shared.loadFailed'))}</Banner>
          <Button variant="secondary" loading={report.isFetching} onClick={() => void report.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('page.tryAgain')}
          </Button>
        </Card>
      </ReportFrame>
    );
  }
  return (
    <ReportFrame>
      <Spinner label={t('shared.loading')} />
    </ReportFrame>
  );
}

function ReportView({ report, refreshFailed }: { report: SharedResults; refreshFailed: boolean }) {
  const { t } = useTranslation('results');
  const current = report.questions.filter((q) => !q.isDeleted).length;
  const printedAt = usePrintTime();
  const funnelQuestions = report.questions
    .map((q, index) => ({ id: q.id, label: questionLabel(index + 1, q.text), isDeleted: q.isDeleted }))
    .filter((q) => !q.isDeleted);
  return (
    <ReportFrame>
      <div className="print-page space-y-6">
        <header className="space-y-2">
          <p className="text-sm font-medium text-accent-700">{t('shared.eyebrow')}</p>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{report.title}</h1>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1.5 font-medium text-slate-700">
              <Eye className="size-4" aria-hidden="true" />
              {t('shared.readOnly')}
            </span>
            <span>{t('shared.updatesLive', { seconds: SHARED_RESULTS_REFRESH_SECONDS })}</span>
          </p>
          <div className="print:hidden">
            <PrintButton />
          </div>
        </header>

        {refreshFailed && (
          <Banner tone="warning">{t('shared.refreshFailed', { time: formatDateTime(report.generatedAt) })}</Banner>
        )}

        <section aria-label={t('page.summary')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          <Stat label={t('shared.totalResponses')}>
            <span className="text-3xl font-semibold tracking-tight tabular-nums" data-testid="total-responses">
              {formatCount(report.totalResponses)}
            </span>
          </Stat>
          <Stat label={t('shared.survey')}>
            <SurveyStateBadge state={report.state} />
          </Stat>
          <Stat label={t('shared.lastUpdated')} className="col-span-2 sm:col-span-1">
            <time dateTime={report.generatedAt} className="text-base font-semibold">
              {formatDateTime(report.generatedAt)}
            </time>
          </Stat>
        </section>

        {report.totalResponses > 0 && (
          <section aria-labelledby="shared-overview" className="space-y-5">
            <h2 id="shared-overview" className="text-lg font-semibold text-slate-900">
              {t('shared.overview')}
            </h2>
            <Card className="print-block px-5 py-5 sm:px-6">
              <TimelineChart timeline={report.timeline} timeZone={report.timeZone} />
            </Card>
            <Card className="print-block px-5 py-5 sm:px-6">
              <FunnelChart funnel={report.funnel} questions={funnelQuestions} />
            </Card>
          </section>
        )}

        {report.totalResponses === 0 ? (
          <Card>
            <EmptyState icon={<Inbox aria-hidden="true" />} title={t('shared.noResponses')}>
              {t('shared.noResponsesHint')}
            </EmptyState>
          </Card>
        ) : (
          <section aria-labelledby="shared-statistics" className="space-y-5">
            <h2 id="shared-statistics" className="text-lg font-semibold text-slate-900">
              {t('statistics.heading')}
              <span className="ms-2 text-sm font-normal text-slate-600">
                {t('shared.questionCount', { count: current })}
              </span>
            </h2>
            {report.questions.map((question, index) => (
              <SharedQuestionCard key={question.id} question={question} number={index + 1} />
            ))}
          </section>
        )}
        <PrintHeader title={report.title} printedAt={printedAt} />
      </div>
    </ReportFrame>
  );
}

function Stat({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <div className="px-4 py-4 sm:px-5">
        <p className="text-sm text-slate-600">{label}</p>
        <div className="mt-1 text-slate-900">{children}</div>
      </div>
    </Card>
  );
}

/** The report's frame, without the app's navigation: the Quorum mark, the page, and an invitation to make surveys. */
function ReportFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('results');
  return (
    <VisitorFrame
      wide
      invitation={t('shared.madeWith')}
      header={
        <a href={paths.home.getHref()} className="inline-flex items-center rounded-control" aria-label="Quorum">
          <Logo />
        </a>
      }
    >
      {children}
    </VisitorFrame>
  );
}
