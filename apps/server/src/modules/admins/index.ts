// The admins module's face: what other modules may use of it (docs/architecture.md).
export { bootstrapAdmin } from './admins.bootstrap';
export { adminsRoutes } from './admins.routes';
export { adminInputProblem, createAdminsService } from './admins.service';
