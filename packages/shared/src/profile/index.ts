export * from './profile-contract';
export * from './profile-schemas';
