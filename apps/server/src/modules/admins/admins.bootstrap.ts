import type { AppContext } from '../../context';
import { createAdminsService } from './admins.service';

/** Creates or updates the administrator named by ADMIN_EMAIL / ADMIN_PASSWORD (and ADMIN_NAME). */
export async function bootstrapAdmin(ctx: AppContext): Promise<void> {
  const admin = ctx.config.admin;
  if (!admin) return;
  const outcome = await createAdminsService(ctx).ensureAdmin(admin);
  ctx.log.info(`Administrator ${admin.email}: ${outcome === 'unchanged' ? 'up to date' : outcome} from ADMIN_EMAIL`);
}
