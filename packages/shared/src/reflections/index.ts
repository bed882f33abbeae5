export * from './member-schemas';
export * from './reflections-contract';
