export * from './admin-contract';
export * from './admin-schemas';
export * from './relative-time';
