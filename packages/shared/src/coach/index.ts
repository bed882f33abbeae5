export * from './risk';
export * from './coach-contract';
export * from './coach-schemas';
