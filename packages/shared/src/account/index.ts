export * from './account-contract';
export * from './account-rights-schemas';
