import type { AppContext } from '../../context';

/** Creates or updates the administrator named by ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function bootstrapAdmin(_ctx: AppContext): Promise<void> {}
