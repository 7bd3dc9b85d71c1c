import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { ChevronDown, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { LIMITS } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Field, Textarea } from '@/components/ui/field';
import { i18n } from '@/i18n/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useErrorBanner } from '@/lib/error-banner';
import { useWideScreen } from '@/lib/use-wide-screen';
import { useGenerateSurvey } from '../api/generate-survey';

/** On failure the banner reads "Failed to generate survey: " and the server's message or the error's text. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && !error.message) {
    return i18n.t('dashboard:generate.serverStatus', { status: error.status });
  }
  return errorMessage(
    error,
    error instanceof Error && error.message ? error.message : i18n.t('dashboard:generate.somethingWrong'),
  );
}

/**
 * "Generate with AI" (disabled while the idea is blank): a survey idea in, a saved draft of the current workspace out, opened
 * straight in the editor with the survey carried in the navigation state so no second request is needed.
 * On a phone the box starts closed, its heading a button that opens it, so the survey list stays in view.
 */
export function AiGenerateBox({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('dashboard');
  const [idea, setIdea] = useState('');
  const generate = useGenerateSurvey();
  const navigate = useNavigate();
  const { showError } = useErrorBanner();
  const headingId = useId();
  const statusId = useId();
  const wide = useWideScreen();
  const [openOnPhone, setOpenOnPhone] = useState(false);
  const open = wide || openOnPhone;

  const trimmed = idea.trim();
  const pending = generate.isPending;
  const done = generate.isSuccess;

  const submit = () => {
    if (trimmed === '' || pending || done) return;
    generate.mutate(
      { prompt: trimmed, workspaceId },
      {
        onSuccess: (survey) => {
          void navigate(paths.user.editSurvey.getHref(survey), { state: { survey } });
        },
        onError: (error) => showError(t('generate.failed', { reason: failureText(error) })),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  // Enter makes a new line in the idea; Ctrl+Enter or ⌘+Enter generates.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const heading = t('generate.heading');
  return (
    <Card className="overflow-hidden border-accent-200 bg-gradient-to-br from-accent-50 via-white to-white">
      <Collapsible asChild open={open} onOpenChange={setOpenOnPhone}>
        <section aria-labelledby={headingId} className={cn('px-5 sm:px-6', open ? 'py-5' : 'py-3')}>
          <div className={cn('flex gap-3', open ? 'items-start' : 'items-center')}>
            <span
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-600 text-white shadow-sm"
              aria-hidden="true"
            >
              <Sparkles className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <h2 id={headingId} className="text-base font-semibold text-slate-900">
                {wide ? (
                  heading
                ) : (
                  <CollapsibleTrigger className="flex min-h-10 w-full items-center justify-between gap-2 rounded-md text-start">
                    {heading}
                    <ChevronDown
                      className={cn('size-4 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
                      aria-hidden="true"
                    />
                  </CollapsibleTrigger>
                )}
              </h2>
              {open && <p className="mt-0.5 text-sm text-slate-600">{t('generate.intro')}</p>}
            </div>
          </div>

          <CollapsibleContent asChild>
            <form className="mt-4 space-y-3" onSubmit={onSubmit}>
              <Field
                label={t('generate.ideaLabel')}
                hint={t('generate.ideaHint', { length: idea.length, max: LIMITS.prompt })}
              >
                {({ id, describedBy }) => (
                  <Textarea
                    id={id}
                    aria-describedby={describedBy}
                    rows={4}
                    maxLength={LIMITS.prompt}
                    placeholder={t('generate.placeholder')}
                    value={idea}
                    readOnly={pending || done}
                    onChange={(event) => setIdea(event.target.value)}
                    onKeyDown={onKeyDown}
                    className="resize-y bg-white"
                  />
                )}
              </Field>
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  type="submit"
                  loading={pending || done}
                  disabled={trimmed === '' || pending || done}
                  disabledReason={trimmed === '' && !pending && !done ? t('generate.describeFirst') : null}
                >
                  {!pending && !done && <Sparkles className="size-4" aria-hidden="true" />}
                  {pending ? t('generate.generating') : done ? t('generate.opening') : t('generate.submit')}
                </Button>
                <p id={statusId} role="status" aria-live="polite" className="min-h-5 text-sm text-slate-600">
                  {pending && t('generate.writing')}
                  {done && t('generate.ready')}
                </p>
              </div>
            </form>
          </CollapsibleContent>
        </section>
      </Collapsible>
    </Card>
  );
}
