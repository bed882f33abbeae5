export * from './programme-contract';
