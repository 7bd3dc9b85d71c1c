import { errorBodySchema, imageCheckBodySchema, imageCheckResponseSchema } from '@quorum/contract';
import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/zod-app';
import { requirePrincipal } from '../../lib/principal';
import { createImagesService } from './images.service';

/** Image checks per signed-in account per minute (the editor debounces its live check). */
export const IMAGE_CHECKS_PER_MINUTE = 30;

export async function imagesRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const images = createImagesService(ctx);
  app.post(
    '/images/check',
    {
      onRequest: ctx.guard('user', 'admin'),
      config: {
        rateLimit: {
          max: IMAGE_CHECKS_PER_MINUTE,
          timeWindow: '1 minute',
          // After the guard, so the limit is per account rather than per address.
          hook: 'preHandler',
          keyGenerator: (request) =>
            request.principal
              ? `image-check:${request.principal.type}:${request.principal.id}`
              : `image-check:${request.ip}`,
        },
      },
      schema: {
        body: imageCheckBodySchema,
        response: { 200: imageCheckResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return images.checkBrandingImage(request.body.url, principal.id);
    },
  );
}
