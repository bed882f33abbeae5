export * from './risk';
export * from './coach-contract';
export * from './coach-schemas';
export * from './member-coach-texts';
export * from './scripted-reply';
