export * from './programme-contract';
export * from './checkin-contract';
export * from './summary-schemas';
export * from './summary-texts';
