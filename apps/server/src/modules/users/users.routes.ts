import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/zod-app';

export async function usersRoutes(_app: ZodApp, _ctx: AppContext): Promise<void> {}
