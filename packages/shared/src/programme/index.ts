export * from './programme-contract';
export * from './programme-schemas';
export * from './checkin-texts';
