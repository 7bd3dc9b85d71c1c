export * from './errors';
export * from './health';
export * from './auth';
export * from './surveys';
export * from './responses';
export * from './results';
export * from './request-limits';
