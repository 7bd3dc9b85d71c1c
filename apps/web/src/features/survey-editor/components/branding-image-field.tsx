import { useState } from 'react';
import { ImageOff, Loader2 } from 'lucide-react';
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

  return (
    <div className="space-y-3">
      <Field
        label="Branding Image URL"
        hint={
          <span className="inline-flex items-center gap-1.5" aria-live="polite">
            {checking && trimmed !== '' ? (
              <>
                <Loader2 className="size-3 animate-spin" aria-hidden="true" />
                Checking the image...
              </>
            ) : (
              'Optional. A logo or banner shown at the top of your survey (http or https).'
            )}
          </span>
        }
        error={submitError ?? liveError}
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
  const [loadFailed, setLoadFailed] = useState(false);
  const failed = failedCheck || loadFailed;
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      <div className="flex min-h-24 items-center justify-center bg-white p-4">
        {failed ? (
          <p role="status" className="flex items-center gap-2 text-sm text-red-700">
            <ImageOff className="size-4" aria-hidden="true" />
            Failed to load image
          </p>
        ) : (
          <img
            src={url}
            alt="Branding image preview"
            className="max-h-32 max-w-full object-contain"
            onError={() => setLoadFailed(true)}
          />
        )}
      </div>
      <figcaption className="border-t border-slate-200 px-3 py-2 text-xs text-slate-600">
        This is how your branding will appear in the survey
      </figcaption>
    </figure>
  );
}
