import { SURVEY_MESSAGES, type ImageCheckResponse } from '@quorum/contract';
import type { AppContext } from '../../context';
import { addressPolicy, checkImageUrl } from '../../images/image-check';

/** Checks of branding image URLs for the survey editor. */
export function createImagesService(deps: Pick<AppContext, 'config' | 'log'>) {
  const allowAddress = addressPolicy(deps.config.outboundAllowPrivate);
  return {
    /**
     * POST /api/images/check: whether a branding image URL serves an image. It is a check, not an error:
     * any URL answers 200, with `ok: false` and the form's message when the URL is unusable, unsafe,
     * unreachable or not an image.
     */
    async checkBrandingImage(url: string, userId: string): Promise<ImageCheckResponse> {
      const result = await checkImageUrl(url, { allowAddress });
      if (result.ok) return { ok: true, contentType: result.contentType };
      deps.log.info({ userId, reason: result.reason }, 'image check refused a URL');
      return { ok: false, contentType: result.contentType, message: SURVEY_MESSAGES.invalidImageUrl };
    },
  };
}
