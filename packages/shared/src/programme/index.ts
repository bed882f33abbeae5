export * from './programme-contract';
export * from './checkin-contract';
export * from './summary-schemas';
export * from './summary-texts';
export * from './step-schemas';
export * from './step-texts';
export * from './programme-schemas';
export * from './checkin-texts';
