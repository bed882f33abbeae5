// password-strength is left out on purpose: it loads zxcvbn's dictionaries, so only
// `@app/shared/password-strength` (a lazy import) brings it in.
export * from './auth-contract';
export * from './auth-schemas';
export * from './passwords';
export * from './roles';
export * from './two-factor';
