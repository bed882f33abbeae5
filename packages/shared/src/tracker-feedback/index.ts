export * from './tracker-feedback';
export * from './tracker-feedback-contract';
export * from './tracker-feedback-options';
export * from './tracker-feedback-summary';
