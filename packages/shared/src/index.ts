/**
 * @app/shared: what the server and the web app agree on, one folder per domain
 * (decision 055). Each folder holds its DTOs (`<domain>-contract.ts`), its zod
 * request schemas and its rules; its index re-exports them all.
 */
export * from './http';
export * from './site';
export * from './product';
export * from './auth';
export * from './account';
export * from './profile';
export * from './catalog';
export * from './reflections';
export * from './tracker-feedback';
export * from './billing';
export * from './chat';
export * from './whatsapp';
export * from './coach';
export * from './programme';
export * from './notifications';
export * from './realtime';
export * from './admin';
export * from './exit-survey';
export * from './dev';
