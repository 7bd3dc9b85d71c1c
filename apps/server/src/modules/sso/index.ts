// The sso module's face: what other modules may use of it (docs/architecture.md).
export { deleteSsoIdentitiesOfAccount } from './sso.repository';
export { ssoRoutes } from './sso.routes';
