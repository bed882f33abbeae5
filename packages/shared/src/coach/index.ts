export * from './risk';
export * from './coach-contract';
export * from './member-coach-texts';
