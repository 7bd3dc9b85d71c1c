import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/zod-app';

export async function imagesRoutes(_app: ZodApp, _ctx: AppContext): Promise<void> {}
