import { useState } from 'react';
import { ImageOff, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '@/i18n/validation-messages';
import { LIMITS } from '@quorum/contract';
import { Field, Input } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useImageCheck } from '../api/check-image';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { brandingUrlStatus, IMAGE_URL_MESSAGE } from '../lib/editor-model';

/** Pause after the last keystroke before the URL is checked and previewed. */
export const IMAGE_CHECK_DEBOUNCE_MS = 500;

/**
 * The optional branding image URL: the content type is checked live through the server (the
 * same message as on submit), and once it passes the image is previewed as respondents will see it.
 */
export function BrandingImageField({
  value,
  onChange,
  submitError,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The message from the last submit, shown until the URL changes. */
  submitError: string | undefined;
}) {
  const { t } = useTranslation('editor');
  const trimmed = value.trim();
  const debounced = useDebouncedValue(trimmed, IMAGE_CHECK_DEBOUNCE_MS);
  const settled = debounced === trimmed;
  const status = brandingUrlStatus(debounced);
  const check = useImageCheck(status === 'check' ? debounced : null);

  const checkFailed = status === 'check' && ((check.data !== undefined && !check.data.ok) || check.isError);
  let liveError: string | undefined;
  if (settled && status === 'invalid') liveError = IMAGE_URL_MESSAGE;
  if (settled && checkFailed) {
    liveError =
      check.error instanceof ApiError && check.error.status === 429
        ? errorMessage(check.error, IMAGE_URL_MESSAGE)
        : IMAGE_URL_MESSAGE;
  }
  // The preview and the field agree: an image only once the check has passed, never beside a message; when the
  // check found no image there, the preview says it could not load one.
  const previewed = status === 'check' && check.data?.ok === true && !checkFailed && submitError === undefined;
  const previewFailed = settled && status === 'check' && check.data !== undefined && !check.data.ok;
  const checking = status === 'check' && (!settled || check.isFetching);

  const shownError = submitError ?? liveError;
  return (
    <div className="space-y-3">
      <Field
        label={t('branding.label')}
        hint={
          <span className="inline-flex items-center gap-1.5" aria-live="polite">
            {checking && trimmed !== '' ? (
              <>
                <Loader2 className="size-3 animate-spin" aria-hidden="true" />
                {t('branding.checking')}
              </>
            ) : (
              t('branding.hint')
            )}
          </span>
        }
        error={shownError && translateValidationMessage(shownError)}
      >
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            name="brandingImageUrl"
            type="url"
            inputMode="url"
            autoComplete="off"
            maxLength={LIMITS.url}
            placeholder="https://example.com/logo.png"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      {(previewed || previewFailed) && (
        <BrandingPreview key={`${debounced} ${previewFailed}`} url={debounced} failedCheck={previewFailed} />
      )}
    </div>
  );
}

function BrandingPreview({ url, failedCheck }: { url: string; failedCheck: boolean }) {
  const { t } = useTranslation('editor');
  const [loadFailed, setLoadFailed] = useState(false);
  const failed = failedCheck || loadFailed;
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      <div className="flex min-h-24 items-center justify-center bg-white p-4">
        {failed ? (
          <p role="status" className="flex items-center gap-2 text-sm text-red-700">
            <ImageOff className="size-4" aria-hidden="true" />
            {t('branding.loadFailed')}
          </p>
        ) : (
          <img
            src={url}
            alt={t('branding.previewAlt')}
            className="max-h-32 max-w-full object-contain"
            onError={() => setLoadFailed(true)}
          />
        )}
      </div>
      <figcaption className="border-t border-slate-200 px-3 py-2 text-xs text-slate-600">
        {t('branding.caption')}
      </figcaption>
    </figure>
  );
}
