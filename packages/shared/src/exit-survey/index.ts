export * from './exit-survey';
export * from './exit-survey-contract';
