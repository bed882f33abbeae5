export * from './programme-contract';
export * from './step-schemas';
export * from './step-texts';
