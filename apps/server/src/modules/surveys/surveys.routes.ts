import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/zod-app';

export async function surveysRoutes(_app: ZodApp, _ctx: AppContext): Promise<void> {}
