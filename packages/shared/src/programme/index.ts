export * from './programme-contract';
export * from './checkin-contract';
