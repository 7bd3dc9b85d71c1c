import { SURVEY_MESSAGES, type ImageCheckResponse } from '@quorum/contract';
import type { AppContext } from '../../context';
import { addressPolicy, checkImageUrl } from '../../images/image-check';

/**
 * POST /api/images/check: whether a branding image URL serves an image (a content type starting with
 * image/), the survey form's last check before saving.
 * It is a check, not an error: any URL answers 200, with `ok: false` and the form's message
 * when the URL is unusable, unsafe, unreachable or not an image.
 */
export async function checkBrandingImage(ctx: AppContext, url: string, userId: string): Promise<ImageCheckResponse> {
  const result = await checkImageUrl(url, { allowAddress: addressPolicy(ctx.config.imageCheckAllowPrivate) });
  if (result.ok) return { ok: true, contentType: result.contentType };
  ctx.log.info({ userId, reason: result.reason }, 'image check refused a URL');
  return { ok: false, contentType: result.contentType, message: SURVEY_MESSAGES.invalidImageUrl };
}
