export * from './risk';
export * from './coach-contract';
