import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/zod-app';

export async function resultsRoutes(_app: ZodApp, _ctx: AppContext): Promise<void> {}
